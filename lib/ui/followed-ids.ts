/**
 * Who is followed, as the pages see it (content scripts, popup): asked from the background
 * once, then again whenever it announces a change of follows, so every Follow button and
 * followed mark on the page updates live, whichever page made the change.
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';
import { onChange } from './changes';
import { ask } from './client';

const followed = signal<ReadonlySet<string> | null>(null);
let watching = false;
/**
 * Bumped by every read and every change noted here: an answer to an older read (sent before a
 * follow the reader just made) never overwrites what is newer.
 */
let version = 0;

async function refresh(): Promise<void> {
  const mine = ++version;
  try {
    const { ids } = await ask({ type: 'followed-ids' });
    if (mine === version) followed.value = new Set(ids);
  } catch (e) {
    // Following stays possible (it is idempotent); the next change notice tries again.
    followed.value ??= new Set();
    console.warn('Weft: could not read the follow list', e);
  }
}

/** Bare A ids of the followed researchers; null until first known. Starts watching on first use. */
export function followedIds(): ReadonlySignal<ReadonlySet<string> | null> {
  if (!watching) {
    watching = true;
    void refresh();
    onChange('follows', () => void refresh());
  }
  return followed;
}

/** Records the background's answer at once, ahead of the change notice that confirms it. */
export function noteFollowed(id: string, isFollowed: boolean): void {
  version++;
  const next = new Set(followed.value ?? []);
  if (isFollowed) next.add(id);
  else next.delete(id);
  followed.value = next;
}
