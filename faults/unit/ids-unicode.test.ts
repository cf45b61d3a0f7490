/**
 * Unusual arXiv ids and Unicode names, through the background (what the page's request
 * becomes) and the popup's search state (what a pasted id opens).
 */
import { signal } from '@preact/signals';
import { createSearchState } from '@/lib/extension-pages/search-state';
import type { PaperAuthorsResult } from '@/lib/background/protocol';
import { tried } from '../ledger.mjs';
import { OA_HOST, S2_HOST } from '../../e2e/fake-apis.mjs';
import { edited, startBackground } from './background';

/** What pasting `text` into the popup's search box offers to open (null: it searches instead). */
function pasted(text: string): string | null {
  const asked: unknown[] = [];
  const state = createSearchState({
    ask: (async (m: unknown) => void asked.push(m)) as never,
    recent: { list: signal([]), add: () => undefined, clear: () => undefined } as never,
    openTab: () => undefined,
    openResearcher: () => undefined,
  });
  state.query.value = text;
  const first = state.entries.value[0];
  return first?.kind === 'arxiv' ? first.url : null;
}

describe('unusual arXiv ids', () => {
  it('[id-four-digit] 0704.0001 goes through end to end, its URL built from the id', async () => {
    const bg = startBackground({ arxivId: '0704.0001' });
    const r = await bg.ask<PaperAuthorsResult>({ type: 'paper-authors', arxivId: '0704.0001', names: bg.names, eager: 100 });
    expect(r.ok && r.data.slots.every((s) => s.openalex?.openalexId)).toBe(true);
    const work = bg.requests.find((u) => u.host === OA_HOST && u.pathname.startsWith('/works/'));
    expect(decodeURIComponent(work!.pathname)).toBe('/works/doi:10.48550/arxiv.0704.0001');
    expect(bg.requests.filter((u) => u.host === S2_HOST).map((u) => decodeURIComponent(u.pathname))).toContain('/graph/v1/paper/ARXIV:0704.0001');
    expect(pasted('0704.0001')).toBe('https://arxiv.org/abs/0704.0001');
    tried('id-four-digit');
  });

  it('[id-old-style-versioned] math/0211159v2: the page\'s request uses the unversioned id; the popup opens that version', async () => {
    const bg = startBackground({ arxivId: 'math/0211159' });
    const r = await bg.ask<PaperAuthorsResult>({ type: 'paper-authors', arxivId: 'math/0211159', names: bg.names, eager: 100 });
    expect(r.ok && r.data.slots.every((s) => s.openalex?.openalexId)).toBe(true);
    expect(bg.requests.every((u) => !/v2/.test(decodeURIComponent(u.pathname)))).toBe(true);
    expect(await bg.ask({ type: 'paper-citations', arxivId: 'math/0211159v2' })).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    expect(pasted('math/0211159v2')).toBe('https://arxiv.org/abs/math/0211159v2');
    tried('id-old-style-versioned');
  });

  it('[id-arxiv-prefix] "arXiv:" references open the paper from the popup; the background refuses them', async () => {
    for (const [text, url] of [
      ['arXiv:2406.05546v2', 'https://arxiv.org/abs/2406.05546v2'],
      [' ARXIV: 2406.05546 ', 'https://arxiv.org/abs/2406.05546'],
      ['arxiv:hep-th/9901001', 'https://arxiv.org/abs/hep-th/9901001'],
    ]) expect(pasted(text!), text).toBe(url);
    expect(pasted('arXiv:javascript:alert(1)')).toBeNull();
    const bg = startBackground();
    expect(await bg.ask({ type: 'paper-citations', arxivId: 'arXiv:2406.05546' })).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    tried('id-arxiv-prefix');
  });

  it('[id-pdf-url] /pdf/ URLs (versioned, .pdf, old style, scheme-less) open the abstract page', () => {
    for (const [text, url] of [
      ['https://arxiv.org/pdf/2406.05546v3', 'https://arxiv.org/abs/2406.05546v3'],
      ['https://arxiv.org/pdf/2406.05546.pdf', 'https://arxiv.org/abs/2406.05546'],
      ['arxiv.org/pdf/math/0211159v2.pdf', 'https://arxiv.org/abs/math/0211159v2'],
      ['https://export.arxiv.org/pdf/0704.0001v1', 'https://arxiv.org/abs/0704.0001v1'],
    ]) expect(pasted(text!), text).toBe(url);
    for (const bad of ['https://evil.example/pdf/2406.05546', 'https://arxiv.org.evil.example/pdf/2406.05546', 'javascript:alert(1)//arxiv.org/pdf/2406.05546', 'https://arxiv.org/pdf/../../etc/passwd']) {
      expect(pasted(bad), bad).toBeNull();
    }
    tried('id-pdf-url');
  });
});

/** Page authors named `pageNames` (citation form); the catalog spells them `catalogNames`. */
async function pairing(pageNames: string[], catalogNames: string[]) {
  const bg = startBackground({
    n: pageNames.length,
    route: (u, _, fake) => (u.host === OA_HOST && u.pathname.startsWith('/works/doi:')
      ? edited(fake, u, (w) => (w.authorships as { raw_author_name: string; author: { display_name: string } }[]).forEach((a, i) => {
        a.raw_author_name = catalogNames[i]!;
        a.author.display_name = catalogNames[i]!;
      }))
      : undefined),
  });
  const r = await bg.ask<PaperAuthorsResult>({ type: 'paper-authors', arxivId: bg.catalog.arxivId, names: pageNames });
  expect(r.ok).toBe(true);
  return r.ok ? r.data.slots.map((s) => s.openalex?.openalexId ?? null) : [];
}

describe('Unicode names', () => {
  it('[unicode-combining] NFD on the page and NFC in the catalog (and the reverse) are the same people', async () => {
    const nfc = ['José García', 'Zoë Brontë', 'Đặng Thị Ngọc', 'Søren Ærø'];
    const nfd = nfc.map((s) => s.normalize('NFD'));
    const cite = (s: string) => `${s.split(' ').slice(1).join(' ')}, ${s.split(' ')[0]}`;
    const a = await pairing(nfd.map(cite), nfc);
    expect(a.every(Boolean)).toBe(true);
    const b = await pairing(nfc.map(cite), nfd);
    expect(b.every(Boolean)).toBe(true);
    expect(new Set(a).size).toBe(4);
    tried('unicode-combining');
  });

  it('[unicode-zero-width] zero-width spaces and joiners inside names do not stop a match', async () => {
    const clean = ['Anna Lindqvist', 'Kenji Tanaka', 'Priya Raman'];
    const zw = ['An\u200bna Lind\u200dqvist', '\u2060Kenji Ta\u200cnaka', 'Priya\ufeff Raman\u200b'];
    const ids = await pairing(zw.map((s) => `${s.split(' ').slice(1).join(' ')}, ${s.split(' ')[0]}`), clean);
    expect(ids.every(Boolean)).toBe(true);
    tried('unicode-zero-width');
  });
});
