// @vitest-environment happy-dom
import { signal } from '@preact/signals-core';
import type { PagePaper, PrintedPublication } from '../arxiv/page-model';
import type { Published } from '../catalog/published';
import { createPublishedLabel } from './listing-published';

const XSS = '<img src=x onerror="window.__weftPwned=1">';

/** A listing entry (its dd) with an author list, as the listing reader gives it. */
function entry(publication: PrintedPublication | null = null): PagePaper {
  document.body.replaceChildren();
  document.body.insertAdjacentHTML('beforeend', '<dl><dt></dt><dd><div class="meta"><div class="list-title">T</div><div class="list-authors"><a>K. Abara</a></div><div class="list-subjects">S</div></div></dd></dl>');
  const dd = document.querySelector<HTMLElement>('dd')!;
  return {
    arxivId: '2607.90001', version: null, title: 'T', primaryCategory: 'cs.NI', authors: [], element: dd,
    authorsElement: dd.querySelector<HTMLElement>('.list-authors'), hiddenAuthors: null, locateThrough: () => undefined, publication,
  };
}

const label = () => {
  const host = document.querySelector<HTMLElement>('weft-published');
  const p = host?.shadowRoot?.querySelector('p');
  return host && {
    after: host.previousElementSibling?.className,
    hidden: host.hidden,
    hooks: [host.getAttribute('data-weft-published'), host.getAttribute('data-source')],
    text: p?.textContent ?? null,
    title: p?.getAttribute('title') ?? null,
    href: p?.querySelector('a')?.getAttribute('href') ?? null,
  };
};

describe('a listing entry’s "Published in" label', () => {
  it('shows nothing and makes nothing until the entry is answered, nor when neither the catalogs nor the entry name a version of record', () => {
    const answered = signal<Published | null | undefined>(undefined);
    const line = createPublishedLabel(entry(), answered);
    line.sync();
    expect(label()).toBeNull();
    answered.value = null;
    line.sync();
    expect(label()).toBeNull();
  });

  it('shows the catalog’s venue and year as text, linked to doi.org, under the authors, its source as tooltip and for screen readers', () => {
    const answered = signal<Published | null | undefined>(undefined);
    const line = createPublishedLabel(entry({ venue: 'Made-Up Lett. 1', doi: null, year: null, source: 'arxiv' }), answered);
    answered.value = { venue: `Nature ${XSS}`, doi: '10.1038/x?y', year: 2015, source: 'openalex' };
    line.sync();
    expect(label()).toEqual({
      after: 'list-authors', hidden: false, hooks: ['10.1038/x?y', 'openalex'],
      text: `Published in Nature ${XSS}, 2015 according to OpenAlex`, title: 'according to OpenAlex', href: 'https://doi.org/10.1038/x%3Fy',
    });
    expect(document.querySelector('weft-published')!.shadowRoot!.querySelector('img')).toBeNull();
  });

  it('shows the entry’s own journal reference, said to be its authors’, when no catalog names one (or the answer failed)', () => {
    const answered = signal<Published | null | undefined>(undefined);
    const line = createPublishedLabel(entry({ venue: 'Made-Up Lett. 12 (2026)', doi: null, year: null, source: 'arxiv' }), answered);
    answered.value = null;
    line.sync();
    expect(label()).toEqual({
      after: 'list-authors', hidden: false, hooks: ['', 'arxiv'],
      text: 'Published in Made-Up Lett. 12 (2026) according to its authors, on arXiv', title: 'according to its authors, on arXiv', href: null,
    });
  });

  it('follows a later answer (a Refresh) in the frame that syncs it, and goes when it names none; dispose removes it', () => {
    const answered = signal<Published | null | undefined>({ venue: 'Nature', doi: null, year: 2015, source: 's2' });
    const line = createPublishedLabel(entry(), answered);
    line.sync();
    answered.value = null;
    expect(label()?.hidden).toBe(false);
    line.sync();
    expect(label()).toMatchObject({ hidden: true, hooks: [null, null] });
    line.dispose();
    expect(document.querySelector('weft-published')).toBeNull();
  });
});
