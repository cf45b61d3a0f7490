/**
 * The researcher page's address: `researcher.html#<A id>` (the bare OpenAlex id; docs/test-contract.md, "Researcher page"),
 * with `?s2=<S2 author id>` when the opener knows the person's Semantic Scholar id.
 */
import { browser } from 'wxt/browser';
import { bareOpenAlexId, isS2AuthorId } from '../catalog/ids';

export function researcherPageUrl(id: string, s2Id?: string | null): string {
  const query = s2Id && isS2AuthorId(s2Id) ? `?s2=${s2Id}` : '';
  return browser.runtime.getURL(`/researcher.html${query}#${id}`);
}

/** The researcher a page address names: the A id of its hash (null when none), the S2 id of its query. */
export function researcherOfLocation(loc: Pick<Location, 'hash' | 'search'>): { id: string | null; s2Id: string | null } {
  const s2 = new URLSearchParams(loc.search).get('s2');
  let hash = loc.hash.replace(/^#/, '');
  try {
    hash = decodeURIComponent(hash);
  } catch {
    // a malformed escape: not an id either way
  }
  return { id: bareOpenAlexId(hash, 'A'), s2Id: s2 && isS2AuthorId(s2) ? s2 : null };
}
