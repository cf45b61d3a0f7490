import type { ComponentChild } from 'preact';
import type { ResearcherProfile } from '@/lib/background/protocol';
import type { S2State } from '@/lib/extension-pages/researcher-page-state';
import { sinceTotals } from '@/lib/extension-pages/researcher-summary';
import { formatAge, formatInteger } from '@/lib/ui/format';

interface Props {
  profile: ResearcherProfile;
  fetchedAt: number;
  since: number;
  s2: S2State;
}

const int = (n: number | null | undefined) => (n === null || n === undefined ? '–' : formatInteger(n));
const decimal = new Intl.NumberFormat('en', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
const NONE = <span class="muted" title="The catalog does not say">–</span>;

/** The headline figures: OpenAlex for the whole career and since `since`, Semantic Scholar's beside them. */
export function ResearcherFigures({ profile, fetchedAt, since, s2 }: Props) {
  const recent = sinceTotals(profile.countsByYear, since);
  const s2f = s2.status === 'ready' ? s2.figures : null;
  const rows: [string, string, ComponentChild, ComponentChild, string | null][] = [
    ['h-index', int(profile.hIndex), NONE, s2f ? int(s2f.hIndex) : null, 'h-index'],
    ['i10-index', int(profile.i10Index), NONE, s2f ? NONE : null, 'i10-index'],
    ['2-year mean citedness', profile.meanCitedness2y === null ? '–' : decimal.format(profile.meanCitedness2y), NONE, s2f ? NONE : null, null],
    ['Citations', int(profile.citedBy), recent ? int(recent.citedBy) : NONE, s2f ? int(s2f.citedBy) : null, 'cited-by'],
    ['Works', int(profile.works), recent ? int(recent.works) : NONE, s2f ? int(s2f.papers) : null, 'works'],
  ];
  return (
    <>
      <table class="figures">
        <caption class="sr-only">Figures: all years, since {since}{s2f ? ', and Semantic Scholar' : ''}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">All</th>
            <th scope="col">Since {since}</th>
            {s2f && <th scope="col">Semantic Scholar</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, all, sinceCell, s2Cell, field]) => (
            <tr key={label} data-weft-field={field ?? undefined}>
              <th scope="row">{label}</th>
              <td class="num">{all}</td>
              <td class="num">{sinceCell}</td>
              {s2f && <td class="num">{s2Cell}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <p class="note">
        OpenAlex gives the h-index, i10-index and 2-year mean citedness for the whole career only: the catalog has no “h-index
        since”. Citations and works since {since} are summed from its yearly counts.
        {s2f && ' Semantic Scholar counts papers rather than works, and merges preprints with their published versions.'}
      </p>
      <p class="source" data-weft-field="source">
        OpenAlex · updated {formatAge(fetchedAt)}
        {s2.status === 'ready' && ` · Semantic Scholar · updated ${formatAge(s2.fetchedAt)}`}
        {s2.status === 'loading' && ' · Semantic Scholar loading…'}
        {s2.status === 'unavailable' && ' · Semantic Scholar could not be reached'}
        {s2.status === 'unmatched' && ' · Semantic Scholar has no such author'}
        {s2.status === 'none' && ' · Semantic Scholar’s figures show when the page is opened from an author card on arXiv'}
      </p>
    </>
  );
}
