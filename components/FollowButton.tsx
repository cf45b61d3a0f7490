import { signal } from '@preact/signals-core';
import { Component } from 'preact';
import { followedIds, noteFollowed } from '@/lib/ui/followed-ids';
import { MAX_FOLLOWS } from '@/lib/shared/follows/model';
import { ask } from '@/lib/ui/client';
import { formatInteger } from '@/lib/ui/format';
import { MAX_NAME_CHARS } from '@/lib/shared/limits';
import { trusted } from '@/lib/ui/trusted';
import { t } from '@/lib/shared/i18n';

interface Props {
  /** Bare OpenAlex author id (`A5023888391`). */
  id: string;
  /** The researcher's name, as the list of followed researchers will show it. */
  name: string;
  /** Told after each follow or unfollow this button made (e.g. to offer Undo where the row goes away). */
  onToggled?: (followed: boolean) => void;
  /**
   * The arXiv category of the paper the reader follows them from (a card on its page): where
   * they post, for same-day alerts (docs/same-day-alerts.md).
   */
  category?: string | null;
}

/**
 * Follow / Unfollow one researcher. Works in the popup and in the author card on arXiv pages
 * (any page of Weft): the state comes from the background and stays live while shown. Its own
 * state is in signals on the class: components on arXiv pages use no hooks (lib/page/mount.ts).
 */
export class FollowButton extends Component<Props> {
  busy = signal(false);
  note = signal<string | null>(null);

  render({ id, name, onToggled, category }: Props) {
    const { busy, note } = this;
    const known = followedIds().value;
    const following = known?.has(id) ?? false;

    async function toggle() {
      busy.value = true;
      note.value = null;
      try {
        const r = await ask(following ? { type: 'unfollow', id } : { type: 'follow', id, name: name.slice(0, MAX_NAME_CHARS), ...(category ? { category } : {}) });
        if (r.limitReached) note.value = t('followLimit', formatInteger(MAX_FOLLOWS));
        else {
          noteFollowed(id, r.followed);
          onToggled?.(r.followed);
          note.value = t(r.followed ? 'followed' : 'unfollowed');
        }
      } catch {
        note.value = t(following ? 'unfollowFailed' : 'followFailed');
      } finally {
        busy.value = false;
      }
    }

    return (
      <div class="weft-follow">
        <button
          type="button"
          class={`action ${following ? 'unfollow' : 'follow'}`}
          data-weft-action={following ? 'unfollow' : 'follow'}
          aria-busy={busy.value || known === null}
          disabled={busy.value || known === null}
          onClick={trusted(() => void toggle())}
        >
          {/* The name as text, never in an attribute: catalog strings stay out of the markup's attributes. */}
          <span aria-hidden="true">{following ? '★ ' : '☆ '}</span>
          {t(following ? 'unfollow' : 'follow')}
          <span class="sr-only"> {name}</span>
        </button>
        <p class="note follow-note" role="status">
          {note.value}
        </p>
      </div>
    );
  }
}
