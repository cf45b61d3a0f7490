/**
 * Who is followed, as the pages see it (content scripts, popup): asked from the background
 * once, then again whenever the stored follow list changes, so every Follow button and
 * followed mark on the page updates live, whichever page made the change.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { ask } from './protocol/client';
import { KEYS } from './follows/model';

const followed = signal<ReadonlySet<string> | null>(null);
let watching = false;

async function refresh(): Promise<void> {
  try {
    followed.value = new Set((await ask({ type: 'followed-ids' })).ids);
  } catch (e) {
    // Following stays possible (it is idempotent); the next storage change tries again.
    followed.value ??= new Set();
    console.warn('Weft: could not read the follow list', e);
  }
}

/** Bare A ids of the followed researchers; null until first known. Starts watching on first use. */
export function followedIds(): ReadonlySignal<ReadonlySet<string> | null> {
  if (!watching) {
    watching = true;
    void refresh();
    browser.storage.onChanged.addListener((changes, area) => {
      if (area === 'local' && KEYS.follows in changes) void refresh();
    });
  }
  return followed;
}

/** Records the background's answer at once, ahead of the storage change that confirms it. */
export function noteFollowed(id: string, isFollowed: boolean): void {
  const next = new Set(followed.value ?? []);
  if (isFollowed) next.add(id);
  else next.delete(id);
  followed.value = next;
}
