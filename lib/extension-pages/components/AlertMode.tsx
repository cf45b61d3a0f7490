import { browser } from 'wxt/browser';
import type { FollowsState } from '@/lib/background/protocol';
import { displayText } from '@/lib/ui/plain-text';
import { formatAge, lazily } from '@/lib/ui/format';
import { ARXIV_HOST_PERMISSION } from '@/lib/arxiv/urls';

const clock = lazily(() => new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' }));
const listed = lazily(() => new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }));

type SameDay = FollowsState['sameDay'];

const CATALOG_ONLY = 'New papers appear once OpenAlex lists them, 1 to 4 days after arXiv announces them.';

function watchingText(s: SameDay): string {
  const cats = s.watching.map(displayText).join(', ');
  return s.covered ? `${cats} (for ${s.covered === 1 ? '1 researcher' : `${s.covered} researchers`} you follow)` : cats;
}

function lastReadText(s: SameDay, now: number): string | null {
  const r = s.lastRead;
  if (!r) return null;
  const when = r.listedAs ? `arXiv’s listing of ${listed().format(Date.parse(`${r.listedAs}T12:00:00Z`))}` : 'arXiv’s announcement';
  const found = r.found ? `${r.found} by researchers you follow` : 'none by researchers you follow';
  return `Last read ${formatAge(r.at, now)}: ${when}, ${r.papers} papers, ${found}${r.guesses ? ` (and ${r.guesses} possibly theirs)` : ''}.`;
}

/** Which alerts are on: same-day from arXiv's announcement, or the catalog only, and why (`data-weft-alert-mode`). */
export function AlertMode({ sameDay, onAccess, now = Date.now() }: { sameDay: SameDay; onAccess: () => void; now?: number }) {
  const { mode } = sameDay;
  if (mode.kind === 'arxiv') {
    const source = mode.source === 'rss' ? 'RSS feeds' : 'listings';
    const last = lastReadText(sameDay, now);
    const transient = sameDay.problem && sameDay.problem.kind !== 'unreadable' && sameDay.problem.kind !== 'no-access' ? sameDay.problem : null;
    return (
      <div class="alert-mode" data-weft-alert-mode="arxiv" role="status">
        <p>
          <strong>Same-day alerts:</strong> Weft reads arXiv’s {source} of new papers in {watchingText(sameDay)} the evening they are announced
          {sameDay.nextReadAt !== null ? `; next read ${clock().format(sameDay.nextReadAt)}` : ''}.
        </p>
        {last && <p class="muted">{last}</p>}
        {transient && <p class="muted">{transient.kind === 'not-updated' ? `${displayText(transient.message)}.` : `The last read failed (${displayText(transient.message)}); Weft tries again later.`}</p>}
      </div>
    );
  }
  const why = mode.why === 'off'
    ? 'Same-day alerts from arXiv’s announcements are off (Alerts and backup).'
    : mode.why === 'no-access'
      ? 'The browser does not let Weft read arxiv.org’s announcements.'
      : mode.why === 'unreadable'
        ? `Weft could not read arXiv’s last announcement${sameDay.problem ? ` (${displayText(sameDay.problem.message)})` : ''}; it tries again with the next one.`
        : 'Weft knows no arXiv category these researchers post in yet: open one of their papers on arXiv, or add categories in Alerts and backup.';
  return (
    <div class="alert-mode" data-weft-alert-mode="catalog" role="status">
      <p>
        <strong>Catalog only:</strong> {CATALOG_ONLY}
      </p>
      <p class="muted">{why}</p>
      {mode.why === 'no-access' && (
        <button type="button" class="action" data-weft-action="allow-arxiv" onClick={() => void browser.permissions.request({ origins: [ARXIV_HOST_PERMISSION] }).catch(() => false).then(onAccess)}>
          Allow access to arxiv.org
        </button>
      )}
    </div>
  );
}
