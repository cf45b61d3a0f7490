/**
 * One paper's authors, for its abstract page and its HTML view: a batch of one, decided by the
 * listings' rule (identities.ts, `paperSource`) but asked with the free singletons, read through
 * the cache's stale-while-revalidate (catalog.ts), so the page has its first answer as soon as
 * OpenAlex gives it (docs/identity.md, The four answers). What only a paper's own page does:
 * Semantic Scholar is asked beside OpenAlex, for its profile links and the authors OpenAlex's
 * record leaves out (listings ask it only for the papers OpenAlex lacks).
 */
import { pair, type Catalog, type Fresh, type Lookup } from '../catalog/catalog';
import { S2_WAIT_MS, within } from '../catalog/s2-wait';
import type { PaperAuthor, PaperRecord } from '../../catalog/types';
import { needsS2, paperSource, type CatalogSide, type RecordSlot } from './identities';

export interface ResolvedAuthors {
  /** The catalog whose record gave the author list; null when no catalog has the paper yet. */
  source: PaperRecord['source'] | null;
  openalexWorkId: string | null;
  slots: RecordSlot[];
  /**
   * Each page name's position in the paper's author list, or null: Semantic Scholar's list
   * when it is in hand (it keeps authors it could not resolve), else OpenAlex's authorships.
   */
  positions: (number | null)[];
  fetchedAt: number;
  stale: boolean;
  /**
   * When OpenAlex identified every author, or Semantic Scholar is late (s2-wait.ts), S2's
   * pairing (for its profile links) is not waited for: it arrives here, or null when S2 does
   * not answer.
   */
  laterS2: Promise<(PaperAuthor | null)[] | null> | null;
}

export interface OnePaperOptions {
  /** Bypass the cache (the card's Refresh). */
  revalidate?: boolean;
  /**
   * The page prints no author list of its own (the HTML view), so its names' positions matter:
   * Semantic Scholar's list is waited for even when OpenAlex paired every name.
   */
  fullList?: boolean;
  /** OpenAlex answered that it lacks the paper: it may be new, and its evidence can start. */
  onNoOpenAlexRecord?: () => void;
}

const side = (pending: Promise<Fresh<Lookup<PaperRecord>>>): Promise<CatalogSide> => pending.catch((error: unknown) => ({ error }));

export function createPaperAuthors(catalog: Pick<Catalog, 'openAlexWork' | 's2Paper'>) {
  /**
   * Resolves the page's author list against the paper's own catalog records (never a name
   * search). Semantic Scholar is asked at once, beside OpenAlex; it decides only when OpenAlex
   * has no record (or is unreachable), and otherwise adds the authors OpenAlex's record leaves out.
   */
  return async function paperAuthors(arxivId: string, names: string[], { revalidate = false, fullList = false, onNoOpenAlexRecord }: OnePaperOptions = {}): Promise<ResolvedAuthors> {
    const asked = Date.now();
    const s2Pending = side(catalog.s2Paper(arxivId, revalidate));
    const oa = await side(catalog.openAlexWork(arxivId, revalidate));
    // The paper may be new: whoever identifies its authors can start while S2 is asked.
    if (!('error' in oa) && !oa.value.found) onNoOpenAlexRecord?.();
    const source = paperSource(oa, needsS2(oa) ? await s2Pending : undefined);
    if (source.kind === 'error') throw source.error;
    const dated = { fetchedAt: source.fetchedAt, stale: source.stale, laterS2: null };
    // Neither catalog has the paper yet (a paper's first days): no record names its authors.
    if (source.kind === 'fresh') return { source: null, openalexWorkId: null, slots: names.map(() => ({ openalex: null, s2: null })), positions: names.map(() => null), ...dated };
    const paired = pair(names, source.record.authors);
    if (source.kind === 's2') return { source: 's2', openalexWorkId: null, slots: paired.authors.map((s) => ({ openalex: null, s2: s })), positions: paired.positions, ...dated };

    const s2Pairing = s2Pending.then((s2) => (!('error' in s2) && s2.value.found ? pair(names, s2.value.value.authors) : null));
    // Authors OpenAlex leaves out may still have a Semantic Scholar profile: wait for it then,
    // S2_WAIT_MS at most; later, it comes as `laterS2` like the rest of S2's pairing.
    const complete = paired.authors.every((s) => s !== null);
    const waited = complete && !fullList ? null : await within(s2Pairing.then((p) => ({ p })), S2_WAIT_MS - (Date.now() - asked), () => null);
    const inTime = waited?.p ?? null;
    return {
      source: 'openalex',
      openalexWorkId: source.record.openalexId,
      slots: paired.authors.map((o, i) => ({ openalex: o, s2: inTime?.authors[i] ?? null })),
      positions: (inTime ?? paired).positions,
      ...dated,
      laterS2: waited ? null : s2Pairing.then((p) => p?.authors ?? null),
    };
  };
}

export type PaperAuthors = ReturnType<typeof createPaperAuthors>;
