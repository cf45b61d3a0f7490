/**
 * Author badges: next to each author name on an abs page or an HTML view, a badge with the
 * author's h-index, and on hover, focus or click a card with their profile.
 *
 * Applies to: https://arxiv.org/abs/2406.05546, https://arxiv.org/abs/hep-th/9901001v3,
 * https://arxiv.org/abs/1411.4413 (2,830 authors, most in the hidden long list),
 * https://arxiv.org/html/2403.10561v1 (nine names in one LaTeXML personname),
 * https://arxiv.org/html/1411.4413v2 (a collaboration; its persons in an appendix list).
 */
import { effect } from '@preact/signals-core';
import { createCardLayer, renderBadge, syncHooks } from '../author-card';
import type { PagePaper } from '../../arxiv/page-model';
import { onChange } from '../../ui/changes';
import { themeHost } from '../page-theme';
import { createHost } from '../shadow-host';
import { placeHost } from '../badge-placement';
import { inSlices } from '../slices';
import { createAuthorProfiles, paperAuthorsRequest, type AuthorEntry, type AuthorProfiles } from '../../ui/author-profiles';
import type { Feature } from './types';
import { EAGER_AUTHORS } from '../../shared/limits';


/**
 * Authors beyond the first ones are drawn and load as they come near the viewport (two hundred
 * badges far below would cost the page a long layout for nothing), a few per task; those in
 * arXiv's hidden long list only once the reader expands it.
 */
function watchLazyAuthors(page: PagePaper, hostOf: (index: number) => HTMLElement, profiles: AuthorProfiles, draw: (i: number) => void, abort: AbortSignal) {
  const lazy = profiles.entries.filter((e) => e.lazy).map((e) => e.index);
  if (!lazy.length) return;
  const list = page.hiddenAuthors;
  const hidden = () => !!list && (list.hidden || list.style.display === 'none');
  let pending = new Set<number>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const indexOf = new Map<Element, number>();
  const seen = new IntersectionObserver((records) => {
    const near = records.filter((r) => r.isIntersecting).map((r) => {
      seen.unobserve(r.target);
      return indexOf.get(r.target)!;
    });
    inSlices(near, draw, abort);
    near.forEach((i) => pending.add(i));
    clearTimeout(flushTimer);
    flushTimer = setTimeout(() => {
      const batch = [...pending];
      pending = new Set();
      void profiles.load(batch);
    }, 60);
  }, { rootMargin: '400px 0px' });
  abort.addEventListener('abort', () => seen.disconnect());

  let shown = false;
  const reveal = () => {
    if (shown || hidden()) return;
    shown = true;
    mutation.disconnect();
    inSlices(lazy, (i) => {
      indexOf.set(hostOf(i), i);
      seen.observe(hostOf(i));
    }, abort);
  };
  const mutation = new MutationObserver(reveal);
  if (list) mutation.observe(list, { attributes: true, attributeFilter: ['style', 'class', 'hidden'] });
  abort.addEventListener('abort', () => mutation.disconnect());
  reveal();
}

export const authorBadges: Feature = {
  id: 'author-badges',
  shown: (show) => show.badges,
  early: ({ arxivId, citationNames }, show) =>
    show.badges && citationNames.length ? [paperAuthorsRequest(arxivId, citationNames, Math.min(citationNames.length, EAGER_AUTHORS))] : [],
  run({ page: { type, papers: [page] }, signal: abort, ask, theme }) {
    if (!page?.authors.length) return;
    // The HTML view prints no author list of its own: the record places its names in the paper's.
    // What it prints tied to no one name (LaTeXML shifts affiliations: docs/arxiv-pages.md) is no
    // evidence about any one author: a namesake at one of the paper's institutions is not its author.
    const profiles = createAuthorProfiles({ ...page, printed: undefined }, page.authors, ask, { ownList: type !== 'html' });
    // A correction made elsewhere (another tab, the settings page) applies here too.
    abort.addEventListener('abort', onChange('identities', () => void profiles.reload()));
    // Created when first needed: a long list's hidden thousands only in later slices.
    const hosts: HTMLElement[] = new Array<HTMLElement>(page.authors.length);
    const hostOf = (i: number) => (hosts[i] ??= createHost('weft-author'));
    const disposers: (() => void)[] = [];
    abort.addEventListener('abort', () => {
      disposers.forEach((dispose) => dispose());
      hosts.forEach((h) => h.remove());
    });
    const layer = createCardLayer(profiles, hostOf, theme, abort, () => page.primaryCategory);
    const drawn = new Set<number>();
    const draw = (i: number) => {
      if (drawn.has(i)) return;
      drawn.add(i);
      disposers.push(renderBadge(hostOf(i), profiles.entries[i]!, profiles, layer));
    };
    const setUp = (entry: AuthorEntry) => {
      page.locateThrough(entry.index);
      const host = hostOf(entry.index);
      disposers.push(effect(() => syncHooks(host, entry.state.value, entry.position.value)), themeHost(host, theme));
      // An author shown with the page enters it drawn: from a warm cache its hooks say "ready" at
      // once, and a badge placed empty would say so with nothing to show until a later slice.
      if (!entry.lazy) draw(entry.index);
      placeHost(page, page.authors[entry.index]!, host);
    };
    // The authors shown with the page first (last first: see resolveTextPosition), then the
    // thousands a long list may hide, all in time slices so no single task runs long (a hundred
    // shadow roots at once is itself a long task).
    const [eager, lazy] = [profiles.entries.filter((e) => !e.lazy), profiles.entries.filter((e) => e.lazy)];
    inSlices([...[...eager].reverse(), ...lazy], setUp, abort);
    watchLazyAuthors(page, hostOf, profiles, draw, abort);
    return profiles.start();
  },
};
