import type { ComponentChild } from 'preact';
import type { ResearcherProfile } from '@/lib/background/protocol';
import type { S2State } from '@/lib/extension-pages/researcher-page-state';
import { sinceTotals } from '@/lib/extension-pages/researcher-summary';
import { SOURCE_NAMES } from '@/lib/catalog/types';
import { formatAge, formatInteger, numberFormat } from '@/lib/ui/format';
import { t } from '@/lib/shared/i18n';

interface Props {
  profile: ResearcherProfile;
  fetchedAt: number;
  since: number;
  s2: S2State;
}

const int = (n: number | null | undefined) => (n === null || n === undefined ? '–' : formatInteger(n));
const decimal = numberFormat({ maximumFractionDigits: 2, minimumFractionDigits: 2 });
const None = () => <span class="muted" title={t('catalogDoesNotSay')}>–</span>;

/** The headline figures: OpenAlex for the whole career and since `since`, Semantic Scholar's beside them. */
export function ResearcherFigures({ profile, fetchedAt, since, s2 }: Props) {
  const recent = sinceTotals(profile.countsByYear, since);
  const s2f = s2.status === 'ready' ? s2.figures : null;
  const NONE = <None />;
  const rows: [string, string, ComponentChild, ComponentChild, string | null][] = [
    [t('hIndex'), int(profile.hIndex), NONE, s2f ? int(s2f.hIndex) : null, 'h-index'],
    [t('i10Index'), int(profile.i10Index), NONE, s2f ? NONE : null, 'i10-index'],
    [t('meanCitedness'), profile.meanCitedness2y === null ? '–' : decimal().format(profile.meanCitedness2y), NONE, s2f ? NONE : null, null],
    [t('citationsTitle'), int(profile.citedBy), recent ? int(recent.citedBy) : NONE, s2f ? int(s2f.citedBy) : null, 'cited-by'],
    [t('works'), int(profile.works), recent ? int(recent.works) : NONE, s2f ? int(s2f.papers) : null, 'works'],
  ];
  return (
    <>
      <table class="figures">
        <caption class="sr-only">{t(s2f ? 'figuresCaptionS2' : 'figuresCaption', since)}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{t('all')}</th>
            <th scope="col">{t('since', since)}</th>
            {s2f && <th scope="col">{SOURCE_NAMES.s2}</th>}
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
        {t('figuresNote', since)}
        {s2f && t('figuresNoteS2')}
      </p>
      <p class="source" data-weft-field="source">
        {t('sourceUpdated', SOURCE_NAMES.openalex, formatAge(fetchedAt))}
        {s2.status === 'ready' && t('andS2Updated', formatAge(s2.fetchedAt))}
        {s2.status === 'loading' && t('s2Loading')}
        {s2.status === 'unavailable' && t('s2Unreachable')}
        {s2.status === 'unmatched' && t('s2NoSuchAuthor')}
        {s2.status === 'none' && t('s2FromCard')}
      </p>
    </>
  );
}
