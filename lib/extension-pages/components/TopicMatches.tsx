import type { FollowsState } from '@/lib/background/protocol';
import { arxivAbsUrl } from '@/lib/arxiv/urls';
import { displayText } from '@/lib/ui/plain-text';
import { announcedText } from './NewPapersInbox';
import { formatInteger } from '@/lib/ui/format';
import { t } from '@/lib/shared/i18n';

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
  const queries = new Map(sameDay.topics.map((topic) => [topic.id, topic]));
  const hits = sameDay.topicHits;
  return (
    <section class="topic-section" aria-labelledby="topics-heading">
      <div class="section-head">
        <h2 id="topics-heading">{hits.length ? t('topicsHeading', formatInteger(hits.length)) : t('topics')}</h2>
        {hits.length > 0 && (
          <button type="button" class="link" data-weft-action="topics-seen" onClick={() => onSeen(null)}>
            {t('markAllSeen')}
          </button>
        )}
      </div>
      {hits.length === 0 ? (
        <p class="muted empty">
          {t('topicsEmpty', sameDay.topics.map((topic) => t('quoted', displayText(topic.query))).join(', '))}
        </p>
      ) : (
        <ul class="topic-hits">
          {hits.map((h) => {
            const title = displayText(h.title) || t('untitled');
            const topic = queries.get(h.topicId);
            const more = h.authorCount - h.authorNames.length;
            const names = h.authorNames.map(displayText).join(', ');
            const authors = more > 0 ? t('namesAndMore', names, formatInteger(more)) : names;
            return (
              <li key={`${h.topicId} ${h.arxivId}`} class="new-paper topic" data-weft-topic-paper={h.arxivId} data-weft-topic={h.topicId}>
                <a class="paper-title" href={arxivAbsUrl(h.arxivId)} target="_blank" rel="noopener noreferrer">
                  {title}
                </a>
                <span class="paper-meta">{[authors, `arXiv:${h.arxivId}`, announcedText(h.announcedAt, now), h.categories.map(displayText).join(', ')].filter(Boolean).join(' · ')}</span>
                <span class="paper-meta why">
                  {t('matched', h.words.map((w) => t('quoted', displayText(w))).join(', '))}
                  {topic && t('ofTopic', displayText(topic.query))}
                </span>
                <button type="button" class="link" data-weft-action="topic-seen" aria-label={t('markSeenLabel', title)} onClick={() => onSeen([`${h.topicId} ${h.arxivId}`])}>
                  {t('markSeen')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
