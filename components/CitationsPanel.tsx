import { withData } from '@/lib/ui/paper-panel-state';
import { SOURCE_NAMES } from '@/lib/catalog/types';
import type { PaperCitationsResult } from '@/lib/background/protocol';
import { formatInteger } from '@/lib/ui/format';
import { doiUrl, LinkOrText, PanelFrame, S2FailureNote, SourceLine, type PanelProps } from './PanelParts';

/** The paper's citation count, where it comes from, and the paper in both catalogs. */
export function CitationsPanel(props: PanelProps<PaperCitationsResult>) {
  const shown = withData(props.loader.state.value);
  const data = shown?.data;
  const count = data?.citedBy ?? null;
  return (
    <PanelFrame
      {...props}
      panel="paper"
      title="Citations"
      hooks={data ? { 'data-source': data.source, ...(count === null ? {} : { 'data-cited-by': String(count) }) } : {}}
      summary={count === null ? null : formatInteger(count)}
    >
      {data && (
        <>
          <p class="figure">
            {count === null ? 'The catalog gives no citation count.' : <><b>{formatInteger(count)}</b> {count === 1 ? 'citation' : 'citations'}</>}
          </p>
          {data.s2Failure && (
            <S2FailureNote instead="this is OpenAlex’s count, which may leave out citations of the journal version." onRetry={() => void props.loader.retry()} />
          )}
          <ul class="links">
            {data.journalDoi && (
              <li>
                <LinkOrText href={doiUrl(data.journalDoi)}>Journal version{data.journalName ? `: ${data.journalName}` : ''}</LinkOrText>
              </li>
            )}
            {data.s2Id && (
              <li>
                <LinkOrText href={`https://www.semanticscholar.org/paper/${encodeURIComponent(data.s2Id)}`}>Semantic Scholar</LinkOrText>
              </li>
            )}
            {data.openalexId && (
              <li>
                <LinkOrText href={`https://openalex.org/${data.openalexId}`}>OpenAlex</LinkOrText>
              </li>
            )}
          </ul>
          <SourceLine label={SOURCE_NAMES[data.source]} data={data} refreshFailed={!!shown?.refreshFailed} />
        </>
      )}
    </PanelFrame>
  );
}
