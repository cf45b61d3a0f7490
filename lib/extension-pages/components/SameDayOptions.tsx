import { useSignal } from '@preact/signals';
import { browser } from 'wxt/browser';
import type { FollowsState } from '@/lib/background/protocol';
import type { FollowingState } from '@/lib/extension-pages/following-state';
import { isCategory } from '@/lib/arxiv/categories';
import { RSS_HOST_PERMISSION } from '@/lib/arxiv/urls';
import { displayText } from '@/lib/ui/plain-text';
import { MAX_TOPIC_QUERY_CHARS, topicCategories } from '@/lib/shared/follows/topics';

interface Props {
  data: FollowsState;
  state: FollowingState;
}

/** Categories typed by the reader: "cs.LG, stat.ML" or "cs.LG stat.ML". */
const typedCategories = (text: string) => text.split(/[\s,;]+/).map((c) => c.trim()).filter(Boolean);

/** Which categories' announcements Weft reads: learned, shown, and the reader's to change. */
function Watching({ sameDay, state }: { sameDay: FollowsState['sameDay']; state: FollowingState }) {
  const input = useSignal('');
  const note = useSignal<string | null>(null);
  const add = () => {
    const typed = typedCategories(input.value);
    const bad = typed.filter((c) => !isCategory(c));
    if (bad.length || !typed.length) {
      note.value = bad.length ? `Not an arXiv category: ${bad.map((c) => displayText(c).slice(0, 40)).join(', ')} (write e.g. cs.LG or math).` : 'Type a category, e.g. cs.LG.';
      return;
    }
    note.value = null;
    input.value = '';
    void state.editWatch({ add: typed });
  };
  const edited = sameDay.edits.added.length + sameDay.edits.removed.length > 0;
  return (
    <fieldset class="watching">
      <legend>Announcements read</legend>
      <p class="muted" data-weft-field="watching">
        {sameDay.watching.length
          ? `Watching ${sameDay.watching.map(displayText).join(', ')} for ${sameDay.covered === 1 ? '1 researcher' : `${sameDay.covered} researchers`}.`
          : 'Watching no category yet.'}
        {sameDay.unplaced > 0 && ` Weft knows no category of ${sameDay.unplaced === 1 ? '1 researcher' : `${sameDay.unplaced} researchers`} you follow yet.`}
      </p>
      {sameDay.watching.length > 0 && (
        <ul class="chips">
          {sameDay.watching.map((c) => (
            <li key={c} data-weft-watched={c}>
              {displayText(c)}
              <button type="button" class="chip-remove" aria-label={`Stop reading ${c}`} onClick={() => void state.editWatch({ remove: [c] })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="option">
        <label for="watch-add">Also read</label>
        <input id="watch-add" type="text" value={input.value} placeholder="e.g. cs.LG" maxLength={80} data-weft-field="watch-add"
          onInput={(e) => (input.value = e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && add()} />
        <button type="button" class="action" data-weft-action="watch-add" onClick={add}>Add</button>
        {edited && (
          <button type="button" class="link" data-weft-action="watch-reset" onClick={() => void state.editWatch({ reset: true })}>
            Back to the learned ones
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
      note.value = `Not an arXiv category: ${bad.map((c) => displayText(c).slice(0, 40)).join(', ')}.`;
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
      <legend>Topics</legend>
      <p class="muted">Papers of the announcements whose title or abstract has all the words (“quotes” for a phrase), listed apart from the researchers’.</p>
      {sameDay.topics.length > 0 && (
        <ul class="topic-list">
          {sameDay.topics.map((t) => (
            <li key={t.id} data-weft-topic-follow={t.id}>
              <span class="topic-query">“{displayText(t.query)}”{t.categories.length ? ` in ${t.categories.map(displayText).join(', ')}` : ''}</span>
              <label class="topic-ring">
                <input type="checkbox" checked={t.ring} onChange={(e) => void state.setTopicRing(t.id, e.currentTarget.checked)} />
                <span>Notify and count</span>
              </label>
              <button type="button" class="link" aria-label={`Unfollow the topic “${t.query}”`} data-weft-action="topic-unfollow" onClick={() => void state.unfollowTopic(t.id)}>
                Unfollow
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="topic-add">
        <label>
          <span>Words</span>
          <input type="text" value={query.value} maxLength={MAX_TOPIC_QUERY_CHARS} placeholder="e.g. diffusion" data-weft-field="topic-query"
            onInput={(e) => (query.value = e.currentTarget.value)} />
        </label>
        <label>
          <span>Only in (optional)</span>
          <input type="text" value={cats.value} maxLength={120} placeholder="e.g. cs.LG" data-weft-field="topic-categories"
            onInput={(e) => (cats.value = e.currentTarget.value)} />
        </label>
        <label class="topic-ring">
          <input type="checkbox" checked={ring.value} onChange={(e) => (ring.value = e.currentTarget.checked)} data-weft-field="topic-ring" />
          <span>Notify and count on Weft’s icon</span>
        </label>
        <button type="button" class="action" data-weft-action="topic-follow" onClick={() => void add()}>Follow topic</button>
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
    note.value = 'Access to rss.arxiv.org was not allowed; Weft keeps reading arxiv.org’s listings.';
    await state.refresh();
  }

  return (
    <div class="same-day-options">
      <label class="option">
        <input type="checkbox" data-weft-action="same-day" checked={settings.sameDay} onChange={(e) => void state.setSameDay(e.currentTarget.checked)} />
        <span>Same-day alerts: read arXiv’s announcement the evening it is out (otherwise new papers show once OpenAlex lists them, 1 to 4 days later)</span>
      </label>
      {settings.sameDay && (
        <>
          <label class="option">
            <input type="checkbox" data-weft-action="feed-rss" checked={settings.feed === 'rss' && sameDay.rssGranted} onChange={(e) => void chooseFeed(e.currentTarget.checked)} />
            <span>Read arXiv’s RSS feeds instead of its listings: one request for all categories, after midnight US Eastern (asks to access rss.arxiv.org)</span>
          </label>
          {note.value && <p class="muted" role="status">{note.value}</p>}
          <Watching sameDay={sameDay} state={state} />
          <Topics sameDay={sameDay} state={state} />
        </>
      )}
    </div>
  );
}
