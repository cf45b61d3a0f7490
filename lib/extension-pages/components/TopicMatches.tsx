import type { FollowsState } from '@/lib/background/protocol';
import { arxivAbsUrl } from '@/lib/arxiv/urls';
import { displayText } from '@/lib/ui/plain-text';
import { announcedText } from './NewPapersInbox';

type SameDay = FollowsState['sameDay'];

interface Props {
  sameDay: SameDay;
  /** Marks matches seen (`<topic id> <arXiv id>`), all of them when null. */
  onSeen: (keys: string[] | null) => void;
  now?: number;
}

/** Papers of arXiv's announcement that followed topics matched, apart from the researchers' (`data-weft-topic-paper`). */
export function TopicMatches({ sameDay, onSeen, now = Date.now() }: Props) {
  if (sameDay.topics.length === 0) return null;
  const queries = new Map(sameDay.topics.map((t) => [t.id, t]));
  const hits = sameDay.topicHits;
  return (
    <section class="topic-section" aria-labelledby="topics-heading">
      <div class="section-head">
        <h2 id="topics-heading">Topics{hits.length ? ` (${hits.length})` : ''}</h2>
        {hits.length > 0 && (
          <button type="button" class="link" data-weft-action="topics-seen" onClick={() => onSeen(null)}>
            Mark all seen
          </button>
        )}
      </div>
      {hits.length === 0 ? (
        <p class="muted empty">
          Nothing yet for {sameDay.topics.map((t) => `“${displayText(t.query)}”`).join(', ')}. Papers whose title or abstract has the words appear here the evening arXiv announces them.
        </p>
      ) : (
        <ul class="topic-hits">
          {hits.map((h) => {
            const title = displayText(h.title) || 'Untitled';
            const topic = queries.get(h.topicId);
            const more = h.authorCount - h.authorNames.length;
            const authors = `${h.authorNames.map(displayText).join(', ')}${more > 0 ? ` + ${more} more` : ''}`;
            return (
              <li key={`${h.topicId} ${h.arxivId}`} class="new-paper topic" data-weft-topic-paper={h.arxivId} data-weft-topic={h.topicId}>
                <a class="paper-title" href={arxivAbsUrl(h.arxivId)} target="_blank" rel="noopener noreferrer">
                  {title}
                </a>
                <span class="paper-meta">{[authors, `arXiv:${h.arxivId}`, announcedText(h.announcedAt, now), h.categories.map(displayText).join(', ')].filter(Boolean).join(' · ')}</span>
                <span class="paper-meta why">
                  Matched {h.words.map((w) => `“${displayText(w)}”`).join(', ')}{topic ? ` (topic “${displayText(topic.query)}”)` : ''}
                </span>
                <button type="button" class="link" data-weft-action="topic-seen" aria-label={`Mark seen: “${title}”`} onClick={() => onSeen([`${h.topicId} ${h.arxivId}`])}>
                  Mark seen
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
