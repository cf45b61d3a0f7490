import { useEffect, useRef, useState } from 'preact/hooks';
import { useSignal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { FailureNotice } from '@/lib/extension-pages/components/FailureNotice';
import { FollowButton } from '@/components/FollowButton';
import { FollowedList } from '@/lib/extension-pages/components/FollowedList';
import { NewPapersInbox } from '@/lib/extension-pages/components/NewPapersInbox';
import { groupInbox, unseenTotal } from '@/lib/extension-pages/inbox-view';
import { AlertMode } from '@/lib/extension-pages/components/AlertMode';
import { TopicMatches } from '@/lib/extension-pages/components/TopicMatches';
import { ask } from '@/lib/ui/client';
import type { FollowsState } from '@/lib/background/protocol';
import { describeFailure, formatReset } from '@/lib/ui/describe-failure';
import { dateFormat, formatAge, formatInteger } from '@/lib/ui/format';
import { displayText } from '@/lib/ui/plain-text';
import { showTab } from '../tabs';
import { createResearcherViews } from '../../../lib/extension-pages/researcher-state';
import { ResearcherView } from '../../../lib/extension-pages/components/ResearcherView';
import { AlertOptions, IMPORT_HASH } from '@/lib/extension-pages/components/AlertOptions';
import type { FollowingState } from '@/lib/extension-pages/following-state';
import './following.css';
import { t } from '@/lib/shared/i18n';

const clock = dateFormat({ weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** "Last checked 5 min ago · next Tue 18:30", or why checks are waiting. */
function statusLine(s: FollowsState['status'], now = Date.now()): string {
  const last = s.lastRunAt === null ? t('notCheckedYet') : t('lastChecked', formatAge(s.lastRunAt, now));
  if (s.retryAt !== null && s.retryAt > now) return t('nextTry', last, formatReset(s.retryAt, now));
  return s.nextCheckAt === null ? last : t('nextCheck', last, clock().format(s.nextCheckAt));
}

function CheckBar({ data, state }: { data: FollowsState; state: FollowingState }) {
  const mine = state.checking.value;
  const result = state.checkResult.value;
  const error = data.status.error;
  return (
    <div class="check-bar">
      <div class="check-row">
        <button
          type="button"
          class="action"
          data-weft-action="check-now"
          disabled={mine}
          aria-busy={mine || data.status.checking}
          onClick={() => void state.checkNow()}
        >
          {t(mine || data.status.checking ? 'checking' : 'checkNow')}
        </button>
        <span class="muted check-status">{statusLine(data.status)}</span>
      </div>
      {result ? (
        <p class={result.alert ? 'check-result alert' : 'check-result'} role={result.alert ? 'alert' : 'status'}>{result.text}</p>
      ) : (
        error && !mine && (
          <p class="check-result alert" role="alert">
            {t('lastCheckStopped', describeFailure({ ...error, retryAt: data.status.retryAt }).title)}
          </p>
        )
      )}
    </div>
  );
}

/** "No longer following X. Undo": the row is gone, the researcher (and their unseen papers) one click away. */
function UndoUnfollow({ state, follows }: { state: FollowingState; follows: FollowsState['follows'] }) {
  const gone = state.unfollowed.value;
  // Followed again by other means (a card, another popup): nothing to undo.
  if (!gone || follows.some((f) => f.id === gone.id)) return null;
  return (
    <p class="undo-bar" role="status">
      {t('noLongerFollowing', displayText(gone.name) || gone.id)}{' '}
      <button type="button" class="link" data-weft-action="undo-unfollow" onClick={() => void state.undoUnfollow()}>
        {t('undo')}
      </button>
    </p>
  );
}

function Ready({ data, state, inTab, onOpen }: { data: FollowsState; state: FollowingState; inTab: boolean; onOpen: (r: { id: string; name: string }) => void }) {
  const groups = groupInbox(data.inbox, data.follows);
  const unseen = groups.reduce((n, g) => n + g.papers.length, 0);
  return (
    <>
      <CheckBar data={data} state={state} />
      <AlertMode sameDay={data.sameDay} onAccess={() => void state.refresh()} />
      {state.actionError.value && <p class="check-result alert" role="alert">{state.actionError.value}</p>}
      <section class="inbox-section" aria-labelledby="inbox-heading">
        <div class="section-head">
          <h2 id="inbox-heading">{unseen ? t('newPapersHeading', formatInteger(unseen)) : t('newPapers')}</h2>
          {unseen > 0 && (
            <button type="button" class="link" data-weft-action="mark-all-seen" onClick={() => void state.markAllSeen()}>
              {t('markAllSeen')}
            </button>
          )}
        </div>
        {groups.length ? (
          <NewPapersInbox groups={groups} onMarkSeen={(ids) => void state.markSeen(ids)} onHide={(ids) => void state.hideGuesses(ids)} />
        ) : (
          <p class="muted empty">
            {t(data.follows.length ? 'inboxEmpty' : 'inboxEmptyNoFollows')}
          </p>
        )}
      </section>
      <TopicMatches sameDay={data.sameDay} onSeen={(keys) => void state.topicSeen(keys)} />
      <section aria-labelledby="followed-heading">
        <h2 id="followed-heading">{data.follows.length ? t('followingCount', formatInteger(data.follows.length)) : t('tabFollowing')}</h2>
        <UndoUnfollow state={state} follows={data.follows} />
        {data.follows.length ? (
          <FollowedList follows={data.follows} onOpen={onOpen} onUnfollowed={state.noteUnfollowed} />
        ) : (
          <p class="muted empty">{t('followingEmpty')}</p>
        )}
      </section>
      <AlertOptions data={data} state={state} inTab={inTab} />
    </>
  );
}

/** The Following tab: new papers from followed researchers, the researchers, checks and settings. */
export function FollowingTab({ state }: { state: FollowingState }) {
  const [views] = useState(() => createResearcherViews(ask));
  const inTab = useSignal(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const opened = views.current.value;
  const load = state.load.value;
  const arrived = useRef(false);

  useEffect(() => {
    browser.tabs.getCurrent().then((tab) => (inTab.value = !!tab), () => undefined);
  }, []);
  // Unseen new papers are what the reader opened the popup for: show them first (once).
  useEffect(() => {
    if (arrived.current || load.status !== 'ready') return;
    arrived.current = true;
    if (unseenTotal(load.data) || location.hash === IMPORT_HASH) {
      showTab('following');
      document.getElementById('tab-following')?.focus();
    }
  }, [load]);
  // Focus follows the view: the researcher's name when one opens, their row's name when Back closes it.
  const lastOpened = useRef<string | null>(null);
  useEffect(() => {
    if (opened) {
      lastOpened.current ??= opened.id;
      headingRef.current?.focus();
    } else if (lastOpened.current) {
      document.querySelector<HTMLElement>(`[data-weft-followed="${lastOpened.current}"] button.name`)?.focus();
      lastOpened.current = null;
    }
  }, [opened?.id]);

  if (opened) {
    // The researcher view belongs to the Search tab; its styles are scoped to `.search-tab`.
    return (
      <div class="search-tab">
        <ResearcherView
          key={opened.id}
          opened={opened}
          state={views.state.value}
          backTo={views.stack.value.length > 1 ? views.stack.value[views.stack.value.length - 2]!.name : t('tabFollowing')}
          headingRef={headingRef}
          onBack={views.back}
          onRetry={views.retry}
          onOpenResearcher={views.open}
          actions={<FollowButton id={opened.id} name={opened.name} />}
        />
      </div>
    );
  }

  return (
    <div class="following-tab">
      {load.status === 'loading' && (
        <p class="muted" aria-busy="true">
          {t('loading')}
        </p>
      )}
      {load.status === 'error' && <FailureNotice failure={load.failure} what={t('tabFollowing')} onRetry={() => void state.refresh()} />}
      {load.status === 'ready' && <Ready data={load.data} state={state} inTab={inTab.value} onOpen={(r) => views.open(r.id, r.name)} />}
    </div>
  );
}
