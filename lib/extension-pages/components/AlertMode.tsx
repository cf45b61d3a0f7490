import { browser } from 'wxt/browser';
import type { FollowsState } from '@/lib/background/protocol';
import { displayText } from '@/lib/ui/plain-text';
import { dateFormat, formatAge, formatCount, formatInteger } from '@/lib/ui/format';
import { ARXIV_HOST_PERMISSION } from '@/lib/arxiv/urls';
import { t, type MessageKey } from '@/lib/shared/i18n';

const clock = dateFormat({ weekday: 'short', hour: 'numeric', minute: '2-digit' });
const listed = dateFormat({ weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

type SameDay = FollowsState['sameDay'];
type ReadProblem = NonNullable<SameDay['problem']>;

const dayListed = (day: string) => listed().format(Date.parse(`${day}T12:00:00Z`));
/** " (what)", or nothing when a problem recorded by an older Weft does not say. */
const aside = (what: string | null) => (what ? t('inParentheses', what) : '');

/** What arXiv served instead of an announcement. */
const UNREADABLE = {
  'too-large': 'unreadableTooLarge',
  declarations: 'unreadableDeclarations',
  'not-an-announcement': 'unreadableNotAnnouncement',
} as const satisfies Record<NonNullable<ReadProblem['unreadable']>, MessageKey>;

/**
 * The line under the last read for each kind of problem the background records (plain data:
 * lib/background/same-day/store.ts, ReadProblem); null for those the mode itself explains. A kind
 * without one fails type-checking.
 */
const PROBLEM_LINE: { [K in ReadProblem['kind']]: (p: ReadProblem) => string | null } = {
  'no-access': () => null,
  unreadable: () => null,
  'not-updated': (p) => (p.listedAs ? t('readNotListed', dayListed(p.listedAs)) : null),
  network: (p) => t('lastReadFailed', aside(p.address && (p.status === null ? t('readNoAnswer', p.address) : t('readHttpStatus', p.address, String(p.status))))),
  'rate-limited': (p) => t('lastReadFailed', aside(p.address && t('readSlowDown', p.address))),
  internal: () => t('lastReadFailed', aside(t('readInternal'))),
};

/** Why arXiv's last announcement could not be read, for the catalog-only line. */
export const unreadableText = (p: ReadProblem | null) =>
  t('sameDayUnreadable', aside(p?.address && p.unreadable ? t(UNREADABLE[p.unreadable], p.address) : null));

/** The line a problem of the last read adds, or null. */
export const problemLine = (p: ReadProblem | null) => (p ? PROBLEM_LINE[p.kind](p) : null);

function watchingText(s: SameDay): string {
  const cats = s.watching.map(displayText).join(', ');
  return s.covered ? t('watchingFor', cats, formatCount(s.covered, 'researcherCount', 'researchersCount')) : cats;
}

function lastReadText(s: SameDay, now: number): string | null {
  const r = s.lastRead;
  if (!r) return null;
  const when = r.listedAs ? t('listingOf', dayListed(r.listedAs)) : t('theAnnouncement');
  const found = r.found ? t('foundByFollowed', formatInteger(r.found)) : t('noneByFollowed');
  const guesses = r.guesses ? t('andPossibly', formatInteger(r.guesses)) : '';
  return t('lastRead', formatAge(r.at, now), when, formatInteger(r.papers), found + guesses);
}

/** Which alerts are on: same-day from arXiv's announcement, or the catalog only, and why (`data-weft-alert-mode`). */
export function AlertMode({ sameDay, onAccess, now = Date.now() }: { sameDay: SameDay; onAccess: () => void; now?: number }) {
  const { mode } = sameDay;
  if (mode.kind === 'arxiv') {
    const source = t(mode.source === 'rss' ? 'rssFeeds' : 'listings');
    const last = lastReadText(sameDay, now);
    const problem = problemLine(sameDay.problem);
    return (
      <div class="alert-mode" data-weft-alert-mode="arxiv" role="status">
        <p>
          <strong>{t('sameDayAlerts')}</strong>{' '}
          {t('sameDayReads', source, watchingText(sameDay), sameDay.nextReadAt !== null ? t('nextRead', clock().format(sameDay.nextReadAt)) : '')}
        </p>
        {last && <p class="muted">{last}</p>}
        {problem && <p class="muted">{problem}</p>}
      </div>
    );
  }
  const why = mode.why === 'off'
    ? t('sameDayOff')
    : mode.why === 'no-access'
      ? t('sameDayNoAccess')
      : mode.why === 'unreadable'
        ? unreadableText(sameDay.problem)
        : t('sameDayNoCategory');
  return (
    <div class="alert-mode" data-weft-alert-mode="catalog" role="status">
      <p>
        <strong>{t('catalogOnly')}</strong> {t('catalogOnlyWhy')}
      </p>
      <p class="muted">{why}</p>
      {mode.why === 'no-access' && (
        <button type="button" class="action" data-weft-action="allow-arxiv" onClick={() => void browser.permissions.request({ origins: [ARXIV_HOST_PERMISSION] }).catch(() => false).then(onAccess)}>
          {t('allowArxiv')}
        </button>
      )}
    </div>
  );
}
