import type { InboxGroup, InboxPaper } from '@/lib/extension-pages/inbox-view';
import { paperUrl } from '@/lib/catalog/links';
import { displayText } from '@/lib/ui/plain-text';
import { lazily } from '@/lib/ui/format';

/** `created_date` is a UTC date: shown as such, whatever the reader's time zone. */
const day = lazily(() => new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }));

interface Props {
  groups: InboxGroup[];
  onMarkSeen: (workIds: string[]) => void;
}

function authorsLine(p: InboxPaper): string {
  const names = p.authorNames.map((n) => displayText(n)).filter(Boolean);
  const more = p.authorCount - names.length;
  return more > 0 ? `${names.join(', ')} + ${more} more` : names.join(', ');
}

function Paper({ paper, onMarkSeen }: { paper: InboxPaper; onMarkSeen: Props['onMarkSeen'] }) {
  const title = displayText(paper.title) || 'Untitled';
  const href = paperUrl({ arxivId: paper.arxivId, openalexId: paper.workId });
  const where = paper.arxivId ? `arXiv:${paper.arxivId}` : 'OpenAlex';
  return (
    <li class="new-paper" data-weft-new-paper={paper.arxivId ?? paper.workId}>
      {href ? (
        <a class="paper-title" href={href} target="_blank" rel="noopener noreferrer">
          {title}
        </a>
      ) : (
        <span class="paper-title">{title}</span>
      )}
      <span class="paper-meta">
        {[authorsLine(paper), where, `new in OpenAlex ${day().format(Date.parse(paper.createdDate))}`].filter(Boolean).join(' · ')}
      </span>
      {paper.alsoBy.length > 0 && <span class="paper-meta">Also by {paper.alsoBy.join(', ')}, whom you follow</span>}
      <button
        type="button"
        class="link"
        data-weft-action="mark-seen"
        aria-label={`Mark “${title}” seen`}
        onClick={() => onMarkSeen([paper.workId])}
      >
        Mark seen
      </button>
    </li>
  );
}

/** Unseen new papers of followed researchers, grouped by researcher, newest first. */
export function NewPapersInbox({ groups, onMarkSeen }: Props) {
  return (
    <div class="inbox">
      {groups.map((g) => {
        const headingId = `inbox-${g.researcher.id}`;
        return (
          <section key={g.researcher.id} class="inbox-group" aria-labelledby={headingId}>
            <h3 id={headingId}>
              {displayText(g.researcher.name) || g.researcher.id}
              <span class="muted"> · {g.papers.length} new</span>
            </h3>
            <ul>
              {g.papers.map((p) => (
                <Paper key={p.workId} paper={p} onMarkSeen={onMarkSeen} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
