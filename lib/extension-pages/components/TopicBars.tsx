import type { FieldGroup } from '@/lib/extension-pages/researcher-summary';
import { formatInteger, numberFormat } from '@/lib/ui/format';
import { displayText } from '@/lib/ui/plain-text';
import { t } from '@/lib/shared/i18n';

interface Props {
  groups: FieldGroup[];
  /** The topic the works list is filtered to, if any. */
  selected: string | null;
  onSelect: (topicId: string) => void;
  source: string;
}

const percentFormat = numberFormat({ style: 'percent', maximumFractionDigits: 0 });
const percent = (share: number) => percentFormat().format(share);

/** The person's topics as bars of their share of works, grouped by field; a click filters the works. */
export function TopicBars({ groups, selected, onSelect, source }: Props) {
  if (!groups.length) return <p class="muted">{t('noTopics')}</p>;
  return (
    <>
      {groups.map((g) => (
        <div class="field-group" key={g.field} role="group" aria-label={displayText(g.field)}>
          <h3>{displayText(g.field)}</h3>
          <ul class="topics">
            {g.topics.map((topic) => {
              const name = displayText(topic.name);
              return (
                <li key={topic.id}>
                  <button
                    type="button"
                    class="topic"
                    data-weft-topic={topic.id}
                    data-count={topic.count}
                    aria-pressed={selected === topic.id}
                    title={t(selected === topic.id ? 'showAllWorks' : 'onlyThisTopic')}
                    onClick={() => onSelect(topic.id)}
                  >
                    <span class="topic-name">{name}</span>
                    <span class="topic-bar" aria-hidden="true">
                      <span style={{ width: `${Math.round(Math.min(1, topic.share) * 100)}%` }} />
                    </span>
                    <span class="topic-count">
                      {formatInteger(topic.count)}
                      <span class="sr-only">{t('worksComma')}</span> · {percent(topic.share)}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      <p class="source">{source}</p>
    </>
  );
}
