/** OpenAlex authors (and their institutions) as Weft's domain types; nothing past the client sees an OpenAlex field name. */
import type * as v from 'valibot';
import { bareOpenAlexId, bareOrcid, bareRor } from '../../../catalog/ids';
import { fieldIdOf } from '../../../catalog/fields';
import type * as S from '../schemas/openalex';
import type { ResearcherAuthorOut } from '../schemas/openalex-researcher';
import type { AuthorMetrics, Institution } from '../../../catalog/types';

type CountsByYear = { year: number; works: number | null; citedBy: number | null }[];

/** A researcher as the researcher page and the popup's researcher view show one (free singleton). */
export interface ResearcherProfile extends AuthorMetrics {
  /** The surviving id: OpenAlex answers a merged id with the profile it was merged into. */
  openalexId: string;
  alternativeNames: string[];
  i10Index: number | null;
  /** `summary_stats.2yr_mean_citedness`: citations per work of the two years before last. */
  meanCitedness2y: number | null;
  /** As listed: the last ten years at most, years with nothing left out, any order. */
  countsByYear: CountsByYear;
  /** Their topics, most works first: `count` = their works in the topic. */
  topics: { id: string; name: string; count: number; subfield: string | null; field: string | null }[];
}

/** A profile considered for an author of a paper no catalog has yet (docs/identity.md). */
export interface CandidateProfile extends AuthorMetrics {
  openalexId: string;
  /** Other ways the catalog has seen the name written (`display_name_alternatives`). */
  alternativeNames: string[];
  /** Every institution of the profile's affiliations, past ones too, last known first. */
  institutions: Institution[];
  /** The profile's topic counts summed per OpenAlex field, largest first. */
  fields: { id: number; name: string; count: number }[];
}

export interface AuthorSuggestion {
  id: string;
  name: string;
  /** "Last known institution, Country" as OpenAlex phrases it. */
  hint: string | null;
  citedBy: number | null;
  works: number | null;
}

export function institution(i: S.InstitutionOut): Institution[] {
  const name = i.display_name?.trim();
  if (!name) return [];
  const country = i.country_code?.toUpperCase();
  return [{
    openalexId: bareOpenAlexId(i.id, 'I'),
    rorId: bareRor(i.ror),
    name,
    countryCode: country && /^[A-Z]{2}$/.test(country) ? country : null,
  }];
}

export function authorMetrics(a: S.AuthorOut): AuthorMetrics {
  return {
    source: 'openalex',
    openalexId: a.id,
    s2Id: null,
    orcid: bareOrcid(a.orcid),
    displayName: a.display_name ?? '',
    hIndex: a.summary_stats?.h_index ?? null,
    citedBy: a.cited_by_count ?? null,
    works: a.works_count ?? null,
    lastKnownInstitutions: (a.last_known_institutions ?? []).flatMap(institution),
  };
}

function countsByYear(a: { counts_by_year?: ResearcherAuthorOut['counts_by_year'] }): CountsByYear {
  return (a.counts_by_year ?? []).map((c) => ({ year: c.year, works: c.works_count ?? null, citedBy: c.cited_by_count ?? null }));
}

export function researcherProfile(a: ResearcherAuthorOut): ResearcherProfile {
  return {
    ...authorMetrics(a),
    openalexId: a.id,
    alternativeNames: [...new Set((a.display_name_alternatives ?? []).map((n) => n.trim()).filter((n) => n && n !== a.display_name))],
    i10Index: a.summary_stats?.i10_index ?? null,
    meanCitedness2y: a.summary_stats?.['2yr_mean_citedness'] ?? null,
    countsByYear: countsByYear(a),
    topics: (a.topics ?? []).flatMap((t) => {
      const topicId = bareOpenAlexId(t.id, 'T');
      const name = t.display_name?.trim();
      return topicId && name ? [{ id: topicId, name, count: t.count ?? 0, subfield: t.subfield?.display_name || null, field: t.field?.display_name || null }] : [];
    }),
  };
}

export function candidateProfile(a: S.CandidateAuthorOut): CandidateProfile {
  const metrics = authorMetrics(a);
  const seen = new Set<string>();
  const institutions = [...metrics.lastKnownInstitutions, ...(a.affiliations ?? []).flatMap((x) => (x.institution ? institution(x.institution) : []))]
    .filter((i) => {
      const key = i.openalexId ?? i.name;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const fields = new Map<number, { id: number; name: string; count: number }>();
  for (const t of a.topics ?? []) {
    const id = fieldIdOf(t.field?.id);
    if (id === null) continue;
    const f = fields.get(id) ?? { id, name: t.field?.display_name ?? '', count: 0 };
    f.count += Math.max(0, t.count ?? 1);
    fields.set(id, f);
  }
  return {
    ...metrics,
    openalexId: a.id,
    alternativeNames: (a.display_name_alternatives ?? []).filter((n) => n.trim() !== ''),
    institutions,
    fields: [...fields.values()].sort((x, y) => y.count - x.count),
  };
}

export function authorSuggestion(h: v.InferOutput<typeof S.AutocompleteHit>): AuthorSuggestion[] {
  const id = h.id ? bareOpenAlexId(h.id, 'A') : null;
  return id ? [{ id, name: h.display_name ?? '', hint: h.hint || null, citedBy: h.cited_by_count ?? null, works: h.works_count ?? null }] : [];
}
