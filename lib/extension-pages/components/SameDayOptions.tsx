import { useSignal } from '@preact/signals';
import { browser } from 'wxt/browser';
import type { FollowsState } from '@/lib/background/protocol';
import type { FollowingState } from '@/lib/extension-pages/following-state';
import { isCategory } from '@/lib/arxiv/categories';
import { RSS_HOST_PERMISSION } from '@/lib/arxiv/urls';
import { displayText } from '@/lib/ui/plain-text';
import { MAX_TOPIC_QUERY_CHARS, topicCategories } from '@/lib/shared/follows/topics';
import { formatCount } from '@/lib/ui/format';
import { t } from '@/lib/shared/i18n';

interface Props {
  data: FollowsState;
  state: FollowingState;
}

/** Categories typed by the reader: "cs.LG, stat.ML" or "cs.LG stat.ML". */
const typedCategories = (text: string) => text.split(/[\s,;]+/).map((c) => c.trim()).filter(Boolean);

/** What was typed that is no category, shortened, for the note. */
const badList = (bad: string[]) => bad.map((c) => displayText(c).slice(0, 40)).join(', ');

/** Which categories' announcements Weft reads: learned, shown, and the reader's to change. */
function Watching({ sameDay, state }: { sameDay: FollowsState['sameDay']; state: FollowingState }) {
  const input = useSignal('');
  const note = useSignal<string | null>(null);
  const add = () => {
    const typed = typedCategories(input.value);
    const bad = typed.filter((c) => !isCategory(c));
    if (bad.length || !typed.length) {
      note.value = bad.length ? t('notCategoryExample', badList(bad)) : t('typeCategory');
      return;
    }
    note.value = null;
    input.value = '';
    void state.editWatch({ add: typed });
  };
  const edited = sameDay.edits.added.length + sameDay.edits.removed.length > 0;
  return (
    <fieldset class="watching">
      <legend>{t('announcementsRead')}</legend>
      <p class="muted" data-weft-field="watching">
        {sameDay.watching.length
          ? t('watching', sameDay.watching.map(displayText).join(', '), formatCount(sameDay.covered, 'researcherCount', 'researchersCount'))
          : t('watchingNone')}
        {sameDay.unplaced > 0 && t('unplaced', formatCount(sameDay.unplaced, 'researcherCount', 'researchersCount'))}
      </p>
      {sameDay.watching.length > 0 && (
        <ul class="chips">
          {sameDay.watching.map((c) => (
            <li key={c} data-weft-watched={c}>
              {displayText(c)}
              <button type="button" class="chip-remove" aria-label={t('stopReading', c)} onClick={() => void state.editWatch({ remove: [c] })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="option">
        <label for="watch-add">{t('alsoRead')}</label>
        <input id="watch-add" type="text" value={input.value} placeholder={t('categoryPlaceholder')} maxLength={80} data-weft-field="watch-add"
          onInput={(e) => (input.value = e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && add()} />
        <button type="button" class="action" data-weft-action="watch-add" onClick={add}>{t('add')}</button>
        {edited && (
          <button type="button" class="link" data-weft-action="watch-reset" onClick={() => void state.editWatch({ reset: true })}>
            {t('backToLearned')}
          </button>
        )}
      </div>
      {note.value && <p class="import-result error" role="alert">{note.value}</p>}
    </fieldset>
  );
}

/** Followed topics: words in the title or abstract, optionally in some categories; each rings or not. */
function Topics({ sameDay, state }: { sameDay: FollowsState['sameDay']; state: FollowingState }) {
  const query = useSignal('');
  const cats = useSignal('');
  const ring = useSignal(true);
  const note = useSignal<string | null>(null);
  const add = async () => {
    const typed = typedCategories(cats.value);
    const bad = typed.filter((c) => !isCategory(c));
    if (bad.length) {
      note.value = t('notCategory', badList(bad));
      return;
    }
    const problem = await state.followTopic(query.value, topicCategories(typed), ring.value);
    note.value = problem;
    if (!problem) {
      query.value = '';
      cats.value = '';
    }
  };
  return (
    <fieldset class="topics">
      <legend>{t('topics')}</legend>
      <p class="muted">{t('topicsExplained')}</p>
      {sameDay.topics.length > 0 && (
        <ul class="topic-list">
          {sameDay.topics.map((topic) => (
            <li key={topic.id} data-weft-topic-follow={topic.id}>
              <span class="topic-query">
                {topic.categories.length
                  ? t('topicIn', displayText(topic.query), topic.categories.map(displayText).join(', '))
                  : t('quoted', displayText(topic.query))}
              </span>
              <label class="topic-ring">
                <input type="checkbox" checked={topic.ring} onChange={(e) => void state.setTopicRing(topic.id, e.currentTarget.checked)} />
                <span>{t('notifyAndCount')}</span>
              </label>
              <button type="button" class="link" aria-label={t('unfollowTopic', topic.query)} data-weft-action="topic-unfollow" onClick={() => void state.unfollowTopic(topic.id)}>
                {t('unfollow')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="topic-add">
        <label>
          <span>{t('words')}</span>
          <input type="text" value={query.value} maxLength={MAX_TOPIC_QUERY_CHARS} placeholder={t('wordsPlaceholder')} data-weft-field="topic-query"
            onInput={(e) => (query.value = e.currentTarget.value)} />
        </label>
        <label>
          <span>{t('onlyIn')}</span>
          <input type="text" value={cats.value} maxLength={120} placeholder={t('categoryPlaceholder')} data-weft-field="topic-categories"
            onInput={(e) => (cats.value = e.currentTarget.value)} />
        </label>
        <label class="topic-ring">
          <input type="checkbox" checked={ring.value} onChange={(e) => (ring.value = e.currentTarget.checked)} data-weft-field="topic-ring" />
          <span>{t('notifyAndCountIcon')}</span>
        </label>
        <button type="button" class="action" data-weft-action="topic-follow" onClick={() => void add()}>{t('followTopic')}</button>
      </div>
      {note.value && <p class="import-result error" role="alert">{note.value}</p>}
    </fieldset>
  );
}

/**
 * Same-day alerts in the alert options (popup and settings page): on or off, where the
 * announcement is read (arxiv.org's listings, or rss.arxiv.org, asked for only when chosen),
 * the categories watched, followed topics (docs/same-day-alerts.md).
 */
export function SameDayOptions({ data, state }: Props) {
  const note = useSignal<string | null>(null);
  const sameDay = data.sameDay;
  const { settings } = data;

  async function chooseFeed(rss: boolean) {
    note.value = null;
    if (!rss) return state.setFeed('listing');
    // Asked first thing in the click: browsers only prompt for a user gesture.
    const granted = await browser.permissions.request({ origins: [RSS_HOST_PERMISSION] }).catch(() => false);
    if (granted) return state.setFeed('rss');
    note.value = t('rssRefused');
    await state.refresh();
  }

  return (
    <div class="same-day-options">
      <label class="option">
        <input type="checkbox" data-weft-action="same-day" checked={settings.sameDay} onChange={(e) => void state.setSameDay(e.currentTarget.checked)} />
        <span>{t('sameDayOption')}</span>
      </label>
      {settings.sameDay && (
        <>
          <label class="option">
            <input type="checkbox" data-weft-action="feed-rss" checked={settings.feed === 'rss' && sameDay.rssGranted} onChange={(e) => void chooseFeed(e.currentTarget.checked)} />
            <span>{t('rssOption')}</span>
          </label>
          {note.value && <p class="muted" role="status">{note.value}</p>}
          <Watching sameDay={sameDay} state={state} />
          <Topics sameDay={sameDay} state={state} />
        </>
      )}
    </div>
  );
}
