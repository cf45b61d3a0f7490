/**
 * Semantic Scholar client (https://api.semanticscholar.org). Validates every response at the
 * boundary and maps it to Weft's domain types.
 *
 * Keyless callers share one global pool that answers 429 often; the HTTP layer sends one
 * request at a time to this host and cools down after a 429 (see http.ts).
 */
import { API_BASES, API_KEY_HEADER } from '../../catalog/hosts';
import { prioritized, validate, type GetKey, type Http } from './http';
import type { Priority } from './pacer';
import { isArxivDoi, toBareArxivId } from '../../arxiv/ids';
import { bareDoi, isOldStyleArxivId, isS2AuthorId, requireArxivId } from '../../catalog/ids';
import { S2_LINK_HOST, safeLink } from '../../catalog/links';
import { asKeyRejection } from './key-check';
import * as S from './schemas/semantic-scholar';
import { CatalogError, type PaperAuthor, type PaperRecord, type PaperSummary } from '../../catalog/types';
import { MAX_RESPONSE_BYTES, S2_BATCH_MAX } from '../../shared/limits';

const BASE = API_BASES.s2;

const PAPER_FIELDS = S.fieldsOf(S.Paper);
// Recommendations are a list endpoint: nested author metrics are not served there, so only
// the plain `authors` (id + name).
const RECOMMENDATION_FIELDS = S.fieldsOf(S.RecommendedPaper, { subfields: false });
const MAX_RECOMMENDATIONS = 500;

/** A Semantic Scholar author's own figures, beside OpenAlex's on the researcher page. */
export interface S2AuthorFigures {
  s2Id: string;
  name: string;
  hIndex: number | null;
  citedBy: number | null;
  papers: number | null;
}

export interface SemanticScholarOptions {
  http: Http;
  getKey?: GetKey;
  /** Told when Semantic Scholar refuses the saved key (the call fails with `key-rejected`). */
  onKeyRejected?: () => void;
}

/** The Semantic Scholar client; `getKey` supplies the user's optional API key at call time. */
export function createSemanticScholar(options: SemanticScholarOptions) {
  const { http, getKey, onKeyRejected } = options;
  /** `size`: one record, or a list of them (batches, recommendations), for the body bound. */
  async function request(path: string, params: Record<string, string>, size: keyof typeof MAX_RESPONSE_BYTES, signal?: AbortSignal, postBody?: unknown): Promise<unknown> {
    const url = new URL(path, BASE);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const headers: Record<string, string> = {};
    const key = await getKey?.();
    if (key) headers[API_KEY_HEADER] = key;
    if (postBody !== undefined) headers['content-type'] = 'application/json';
    try {
      const maxBytes = MAX_RESPONSE_BYTES[size];
      return await (postBody === undefined
        ? http.getJson(url, { signal, headers, maxBytes, keyed: !!key })
        : http.getJson(url, { signal, headers, maxBytes, keyed: !!key, method: 'POST', body: JSON.stringify(postBody) }));
    } catch (e) {
      // An invalid key answers 403 on every call, never a keyless answer: say so, keep the key.
      const refused = asKeyRejection('s2', e, !!key);
      if (refused !== e) onKeyRejected?.();
      throw refused;
    }
  }

  /**
   * The S2 paper for an arXiv paper, with each author's metrics inline (h-index, citations,
   * paper count, self-reported affiliations). Old-style ids (`hep-th/9901001`) go through
   * `POST /paper/batch`, keeping their `/` out of the URL path. Rejects with `not-found` when
   * S2 does not know the paper.
   */
  async function paperByArxivId(arxivId: string, signal?: AbortSignal): Promise<PaperRecord> {
    const id = requireArxivId(arxivId);
    let paper: S.PaperOut | null;
    if (isOldStyleArxivId(id)) {
      paper = (await batch([id], signal))[0] ?? null;
      if (!paper) throw new CatalogError('not-found', `S2 has no paper ARXIV:${id}`, null, 404);
    } else {
      paper = validate(S.Paper, await request(`/graph/v1/paper/ARXIV:${id}`, { fields: PAPER_FIELDS }, 'single', signal), 'S2 paper');
    }
    return paperRecord(id, paper);
  }

  /** `POST /paper/batch` for bare ids (≤ S2_BATCH_MAX): the papers aligned with `ids`, null for unknown ones. */
  async function batch(ids: string[], signal?: AbortSignal): Promise<(S.PaperOut | null)[]> {
    const body = await request('/graph/v1/paper/batch', { fields: PAPER_FIELDS }, 'list', signal, { ids: ids.map((id) => `ARXIV:${id}`) });
    const papers = validate(S.PaperBatch, body, 'S2 paper batch');
    return ids.map((_, i) => papers[i] ?? null);
  }

  /**
   * Many arXiv papers at once (`POST /paper/batch`, ≤500 ids a call, calls one after another as
   * the HTTP layer sends them to S2). Keyed by the ids asked for; null: S2 does not know the paper.
   */
  async function papersByArxivIds(arxivIds: string[], signal?: AbortSignal): Promise<Map<string, PaperRecord | null>> {
    const ids = [...new Set(arxivIds.map(requireArxivId))];
    const parts: string[][] = [];
    for (let k = 0; k < ids.length; k += S2_BATCH_MAX) parts.push(ids.slice(k, k + S2_BATCH_MAX));
    const found = new Map<string, PaperRecord | null>();
    for (const [part, papers] of await Promise.all(parts.map(async (part) => [part, await batch(part, signal)] as const))) {
      part.forEach((id, i) => found.set(id, papers[i] ? paperRecord(id, papers[i]) : null));
    }
    return found;
  }

  /**
   * Papers S2 recommends for an arXiv paper, in S2's order. `recent` is often empty for older
   * papers; callers then ask `all-cs`.
   */
  async function recommendations(arxivId: string, pool: 'recent' | 'all-cs', limit = 20, signal?: AbortSignal): Promise<PaperSummary[]> {
    const id = requireArxivId(arxivId);
    const params = { from: pool, limit: String(Math.min(MAX_RECOMMENDATIONS, Math.max(1, Math.trunc(limit) || 1))), fields: RECOMMENDATION_FIELDS };
    // A literal `/` in an old-style id is fine here: S2 reads the rest of the path as the id
    // (recorded for DOIs such as forpaper/10.2139/ssrn.2250500).
    const body = await request(`/recommendations/v1/papers/forpaper/ARXIV:${id}`, params, 'list', signal);
    return validate(S.Recommendations, body, 'S2 recommendations').recommendedPapers.map(paperSummary);
  }

  /** An author's own figures (h-index, citations, papers) by S2 author id. */
  async function authorFigures(authorId: string, signal?: AbortSignal): Promise<S2AuthorFigures> {
    if (!isS2AuthorId(authorId)) throw new CatalogError('not-found', `not an S2 author id: ${JSON.stringify(authorId.slice(0, 40))}`);
    const a = validate(S.AuthorFigures, await request(`/graph/v1/author/${authorId}`, { fields: S.fieldsOf(S.AuthorFigures) }, 'single', signal), 'S2 author');
    return { s2Id: a.authorId || authorId, name: a.name ?? '', hIndex: a.hIndex ?? null, citedBy: a.citationCount ?? null, papers: a.paperCount ?? null };
  }

  /** The same client, its requests at `priority` (pacer.ts PRIORITY). */
  const at = (priority: Priority): SemanticScholarClient => createSemanticScholar({ ...options, http: prioritized(http, priority) });

  return { paperByArxivId, papersByArxivIds, recommendations, authorFigures, at };
}

export interface SemanticScholarClient extends Omit<ReturnType<typeof createSemanticScholar>, 'at'> {
  at(priority: Priority): SemanticScholarClient;
}

function paperRecord(arxivId: string, paper: S.PaperOut): PaperRecord {
  const doi = bareDoi(paper.externalIds?.DOI);
  return {
    source: 's2',
    arxivId,
    openalexId: null,
    s2Id: paper.paperId,
    title: paper.title ?? '',
    year: paper.year ?? null,
    citedBy: paper.citationCount ?? null,
    authors: (paper.authors ?? []).map(paperAuthor),
    relatedOpenAlexIds: [],
    journalDoi: doi && !isArxivDoi(doi) ? doi : null,
    // S2 files arXiv-only papers under journal "ArXiv" / venue "arXiv.org": not a venue of record.
    journalName: [paper.journal?.name, paper.venue].find((n) => n && !/^arxiv(\.org)?$/i.test(n.trim())) ?? null,
  };
}

function paperAuthor(a: S.AuthorOut): PaperAuthor {
  const name = a.name ?? '';
  const s2Id = a.authorId || null;
  return {
    name,
    rawName: null,
    openalexId: null,
    s2Id,
    institutions: [],
    // Without an authorId S2 did not resolve the author: its numbers would belong to no one.
    metrics: s2Id
      ? {
          source: 's2',
          openalexId: null,
          s2Id,
          orcid: null,
          displayName: name,
          hIndex: a.hIndex ?? null,
          citedBy: a.citationCount ?? null,
          works: a.paperCount ?? null,
          // Self-reported and author-level (empty for unclaimed profiles): names only.
          lastKnownInstitutions: (a.affiliations ?? []).flatMap((n) => (n.trim() ? [{ openalexId: null, rorId: null, name: n.trim(), countryCode: null }] : [])),
        }
      : null,
  };
}

function paperSummary(p: S.RecommendedPaperOut): PaperSummary {
  return {
    source: 's2',
    id: p.paperId,
    arxivId: p.externalIds?.ArXiv ? toBareArxivId(p.externalIds.ArXiv) : null,
    doi: bareDoi(p.externalIds?.DOI),
    title: p.title ?? '',
    authorNames: (p.authors ?? []).flatMap((a) => a.name || []),
    year: p.year ?? null,
    citedBy: p.citationCount ?? null,
    catalogUrl: safeLink(p.url, S2_LINK_HOST),
  };
}
