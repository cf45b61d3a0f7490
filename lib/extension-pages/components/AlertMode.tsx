import { browser } from 'wxt/browser';
import type { FollowsState } from '@/lib/background/protocol';
import { displayText } from '@/lib/ui/plain-text';
import { dateFormat, formatAge, formatCount, formatInteger } from '@/lib/ui/format';
import { ARXIV_HOST_PERMISSION } from '@/lib/arxiv/urls';
import { t } from '@/lib/shared/i18n';

const clock = dateFormat({ weekday: 'short', hour: 'numeric', minute: '2-digit' });
const listed = dateFormat({ weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

type SameDay = FollowsState['sameDay'];

function watchingText(s: SameDay): string {
  const cats = s.watching.map(displayText).join(', ');
  return s.covered ? t('watchingFor', cats, formatCount(s.covered, 'researcherCount', 'researchersCount')) : cats;
}

function lastReadText(s: SameDay, now: number): string | null {
  const r = s.lastRead;
  if (!r) return null;
  const when = r.listedAs ? t('listingOf', listed().format(Date.parse(`${r.listedAs}T12:00:00Z`))) : t('theAnnouncement');
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
    const transient = sameDay.problem && sameDay.problem.kind !== 'unreadable' && sameDay.problem.kind !== 'no-access' ? sameDay.problem : null;
    return (
      <div class="alert-mode" data-weft-alert-mode="arxiv" role="status">
        <p>
          <strong>{t('sameDayAlerts')}</strong>{' '}
          {t('sameDayReads', source, watchingText(sameDay), sameDay.nextReadAt !== null ? t('nextRead', clock().format(sameDay.nextReadAt)) : '')}
        </p>
        {last && <p class="muted">{last}</p>}
        {transient && <p class="muted">{t(transient.kind === 'not-updated' ? 'sentence' : 'lastReadFailed', displayText(transient.message))}</p>}
      </div>
    );
  }
  const why = mode.why === 'off'
    ? t('sameDayOff')
    : mode.why === 'no-access'
      ? t('sameDayNoAccess')
      : mode.why === 'unreadable'
        ? t('sameDayUnreadable', sameDay.problem ? t('inParentheses', displayText(sameDay.problem.message)) : '')
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
