/**
 * The context every content script's `main` receives, in place of WXT's ContentScriptContext
 * (the build aliases it here: wxt.config.ts). WXT's hands over from an old copy of a script to a
 * new one by a DOM event named after the extension's id, which a page can dispatch as well:
 * one line of page script would stop Weft on that page (docs/reliability.md, "Hostile pages").
 * Here the copies meet in the content scripts' own global, which page scripts cannot reach; and
 * the location watcher, timers and other helpers no Weft script uses are not bundled.
 */
import { browser } from 'wxt/browser';

/**
 * What the reader does next (and a slow timer, for a page left alone): when the extension was
 * updated or reloaded meanwhile, this copy has lost it, and goes quiet: its signal aborts, and
 * every feature takes its UI away (docs/reliability.md, Service-worker lifecycle).
 */
const MOVES = ['pointerdown', 'keydown', 'focusin', 'scroll', 'visibilitychange'] as const;
const WATCH_MS = 10_000;

/** Where the running copy of each script leaves its stop switch (the isolated world's global). */
const RUNNING = Symbol.for('weft.running-scripts');

type Running = Map<string, AbortController>;

export class ContentScriptContext {
  private readonly controller = new AbortController();

  constructor(name: string) {
    const running = ((globalThis as { [RUNNING]?: Running })[RUNNING] ??= new Map());
    // An older copy of this script (the extension was updated or reloaded) removes what it added.
    running.get(name)?.abort();
    running.set(name, this.controller);
    const check = () => void this.isInvalid;
    const { signal } = this.controller;
    for (const type of MOVES) addEventListener(type, check, { capture: true, passive: true, signal });
    const timer = setInterval(check, WATCH_MS);
    signal.addEventListener('abort', () => clearInterval(timer));
  }

  /** Aborted when the script is invalidated: a newer copy started, or the extension went away. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get isInvalid(): boolean {
    if (browser.runtime?.id == null) this.controller.abort();
    return this.signal.aborted;
  }
}
