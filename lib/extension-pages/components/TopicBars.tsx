import type { FieldGroup } from '@/lib/extension-pages/researcher-summary';
import { formatInteger } from '@/lib/ui/format';
import { displayText } from '@/lib/ui/plain-text';

interface Props {
  groups: FieldGroup[];
  /** The topic the works list is filtered to, if any. */
  selected: string | null;
  onSelect: (topicId: string) => void;
  source: string;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The person's topics as bars of their share of works, grouped by field; a click filters the works. */
export function TopicBars({ groups, selected, onSelect, source }: Props) {
  if (!groups.length) return <p class="muted">OpenAlex lists no topics for this researcher.</p>;
  return (
    <>
      {groups.map((g) => (
        <div class="field-group" key={g.field} role="group" aria-label={displayText(g.field)}>
          <h3>{displayText(g.field)}</h3>
          <ul class="topics">
            {g.topics.map((t) => {
              const name = displayText(t.name);
              return (
                <li key={t.id}>
                  <button
                    type="button"
                    class="topic"
                    data-weft-topic={t.id}
                    data-count={t.count}
                    aria-pressed={selected === t.id}
                    title={selected === t.id ? 'Show all works again' : 'List only the works on this topic'}
                    onClick={() => onSelect(t.id)}
                  >
                    <span class="topic-name">{name}</span>
                    <span class="topic-bar" aria-hidden="true">
                      <span style={{ width: percent(Math.min(1, t.share)) }} />
                    </span>
                    <span class="topic-count">
                      {formatInteger(t.count)}
                      <span class="sr-only"> works,</span> · {percent(t.share)}
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
