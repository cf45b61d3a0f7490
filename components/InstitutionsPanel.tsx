import { signal } from '@preact/signals-core';
import { Component } from 'preact';
import { withData } from '@/lib/ui/paper-panel-state';
import type { InstitutionGroup } from '@/lib/background/catalog/paper-panels';
import type { PaperInstitutionsResult } from '@/lib/background/protocol';
import { PanelFrame, SourceLine, type PanelProps } from './PanelParts';
import { LinkOrText } from './LinkOrText';
import { openAlexUrl, rorUrl } from '@/lib/catalog/links';
import { SOURCE_NAMES } from '@/lib/catalog/types';
import { trusted } from '@/lib/ui/trusted';
import { t } from '@/lib/shared/i18n';
import { formatCount, formatInteger } from '@/lib/ui/format';

type Props = PanelProps<PaperInstitutionsResult>;

interface RowProps {
  group: InstitutionGroup;
  listId: string;
  onHighlight: Props['onHighlight'];
}

class InstitutionRow extends Component<RowProps> {
  expanded = signal(false);

  render({ group, listId, onHighlight }: RowProps) {
    const { expanded } = this;
    const open = expanded.value;
    const { institution: inst, authors } = group;
    const href = inst.rorId ? rorUrl(inst.rorId) : inst.openalexId && openAlexUrl(inst.openalexId);
    const ids = authors.flatMap((a) => a.openalexId ?? []);
    const on = () => onHighlight(ids);
    const off = () => onHighlight([]);
    return (
      <li
        data-weft-institution={inst.rorId ?? inst.openalexId ?? undefined}
        onPointerEnter={on}
        onPointerLeave={off}
        onFocusIn={on}
        onFocusOut={off}
      >
        <span class="name">
          <LinkOrText href={href}>{inst.name}</LinkOrText>
          {inst.countryCode && <span class="cc" title={t('country')}>{inst.countryCode}</span>}
        </span>
        <button type="button" class="link who" aria-expanded={open} aria-controls={listId} onClick={trusted(() => (expanded.value = !open))}>
          {formatCount(authors.length, 'authorCount', 'authorsCount')}
        </button>
        <ul id={listId} class="who-list" hidden={!open}>
          {/* Rendered only when open: a collaboration paper lists thousands of authors here. */}
          {open && authors.map((a) => <li>{a.name}</li>)}
        </ul>
      </li>
    );
  }
}

/** The institutions of the paper's authors, most authors first; each expands to its authors. */
export function InstitutionsPanel(props: Props) {
  const shown = withData(props.loader.state.value);
  const data = shown?.data;
  return (
    <PanelFrame
      {...props}
      panel="institutions"
      title={t('institutionsTitle')}
      summary={data ? formatInteger(data.groups.length) : null}
      unmatched={t('institutionsUnmatched')}
    >
      {data && (
        <>
          {data.basis === 'last-known' && (
            <p class="note">{t('institutionsLastKnown')}</p>
          )}
          {data.groups.length ? (
            <ul class="insts">
              {data.groups.map((g, k) => (
                <InstitutionRow group={g} listId={`weft-inst-${k}`} onHighlight={props.onHighlight} />
              ))}
            </ul>
          ) : (
            <p class="note">{t('institutionsNone')}</p>
          )}
          <SourceLine label={data.basis === 'last-known' ? t('openAlexLastKnown') : SOURCE_NAMES.openalex} data={data} refreshFailed={!!shown?.refreshFailed} />
        </>
      )}
    </PanelFrame>
  );
}
