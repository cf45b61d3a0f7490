import type { InboxGroup, InboxPaper } from '@/lib/extension-pages/inbox-view';
import { paperUrl } from '@/lib/catalog/links';
import { SOURCE_NAMES } from '@/lib/catalog/types';
import { displayText } from '@/lib/ui/plain-text';
import { dateFormat, formatInteger } from '@/lib/ui/format';
import { t } from '@/lib/shared/i18n';

/** `created_date` is a UTC date: shown as such, whatever the reader's time zone. */
const day = dateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const weekday = dateFormat({ weekday: 'long', day: 'numeric', month: 'short' });

interface Props {
  groups: InboxGroup[];
  /** Marks papers seen: W ids, or arXiv ids of papers known only from arXiv's announcement. */
  onMarkSeen: (papers: string[]) => void;
  /** Hides name-only guesses (arXiv ids). */
  onHide: (arxivIds: string[]) => void;
  now?: number;
}

function authorsLine(p: InboxPaper): string {
  const names = p.authorNames.map((n) => displayText(n)).filter(Boolean);
  const more = p.authorCount - names.length;
  return more > 0 ? t('namesAndMore', names.join(', '), formatInteger(more)) : names.join(', ');
}

/** "announced today on arXiv" (within the day), else the evening it was. */
export function announcedText(at: number | undefined, now = Date.now()): string {
  if (at === undefined) return t('announced');
  return now - at < 24 * 3_600_000 ? t('announcedToday') : t('announcedOn', weekday().format(at));
}

function Paper({ paper, onMarkSeen, onHide, now }: { paper: InboxPaper; onMarkSeen: Props['onMarkSeen']; onHide: Props['onHide']; now: number }) {
  const title = displayText(paper.title) || t('untitled');
  const href = paperUrl({ arxivId: paper.arxivId, openalexId: paper.workId });
  const where = paper.arxivId ? `arXiv:${paper.arxivId}` : SOURCE_NAMES.openalex;
  const guess = paper.match === 'guess';
  const when = paper.from === 'arxiv'
    ? [announcedText(paper.announcedAt, now), (paper.categories ?? []).map(displayText).filter(Boolean).join(', ')].filter(Boolean).join(' · ')
    : t('newInOpenAlex', day().format(Date.parse(paper.createdDate)));
  const key = paper.workId ?? paper.arxivId ?? '';
  return (
    <li
      class={guess ? 'new-paper guess' : 'new-paper'}
      data-weft-new-paper={paper.arxivId ?? paper.workId ?? ''}
      data-source={paper.from}
      data-match={paper.match}
      data-weft-for={paper.forId}
    >
      {href ? (
        <a class="paper-title" href={href} target="_blank" rel="noopener noreferrer">
          {title}
        </a>
      ) : (
        <span class="paper-title">{title}</span>
      )}
      <span class="paper-meta">{[authorsLine(paper), where, when].filter(Boolean).join(' · ')}</span>
      {paper.why && <span class="paper-meta why">{t(guess ? 'possiblyThem' : 'howWeftKnows', paper.why)}</span>}
      {paper.alsoBy.length > 0 && <span class="paper-meta">{t('alsoBy', paper.alsoBy.join(', '))}</span>}
      {guess ? (
        <button type="button" class="link" data-weft-action="hide-guess" aria-label={t('hideGuessLabel', title)} onClick={() => onHide([paper.arxivId!])}>
          {t('hide')}
        </button>
      ) : (
        <button type="button" class="link" data-weft-action="mark-seen" aria-label={t('markSeenLabel', title)} onClick={() => onMarkSeen([key])}>
          {t('markSeen')}
        </button>
      )}
    </li>
  );
}

/** Unseen new papers of followed researchers, grouped by researcher, newest first; name-only guesses apart. */
export function NewPapersInbox({ groups, onMarkSeen, onHide, now = Date.now() }: Props) {
  return (
    <div class="inbox">
      {groups.map((g) => {
        const headingId = `inbox-${g.researcher.id}`;
        const name = displayText(g.researcher.name) || g.researcher.id;
        return (
          <section key={g.researcher.id} class="inbox-group" aria-labelledby={headingId}>
            <h3 id={headingId}>
              {name}
              {g.papers.length > 0 && <span class="muted"> · {t('countNewShort', formatInteger(g.papers.length))}</span>}
            </h3>
            {g.papers.length > 0 && (
              <ul>
                {g.papers.map((p) => (
                  <Paper key={p.workId ?? p.arxivId} paper={p} onMarkSeen={onMarkSeen} onHide={onHide} now={now} />
                ))}
              </ul>
            )}
            {g.guesses.length > 0 && (
              <div class="guesses">
                <p class="guesses-note muted">
                  {t('guessesNote')}
                </p>
                <ul aria-label={t('possiblyBy', name)}>
                  {g.guesses.map((p) => (
                    <Paper key={p.arxivId} paper={p} onMarkSeen={onMarkSeen} onHide={onHide} now={now} />
                  ))}
                </ul>
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
