/**
 * Weft's changes to a long page, made together in one animation frame at a time. On a long page,
 * a frame in which anything changes the layout costs the browser far more than the change itself:
 * a walk over every box of the page, and, when the change moves what follows, over everything
 * below it (docs/performance.md, "Drawing badges without jank"). That part does not grow with how
 * much changed, so Weft changes the page in as few frames as it can: every change waiting goes
 * into the next frame Weft draws; frames that change the page are at least `gapMs` apart, and a
 * frame wanted only for changes that can wait (figures for badges already drawn, the progress
 * line) waits `lazyGapMs`, so that the changes coming meanwhile share it. And a frame waits for the
 * reader to stop scrolling (`quietMs` without a scroll, `quietAtMostMs` at most): the frames right
 * after a scroll are the browser's own busy ones (it renders the entries that came near), and
 * Weft's changes in them made them long ones (docs/performance.md, "Drawing badges without jank").
 */

export interface FrameWrites {
  /** Something waits to be drawn: a coming frame draws it (soon, or later when it can wait). */
  request(canWait?: boolean): void;
}

export interface FrameGaps {
  gapMs: number;
  lazyGapMs: number;
  quietMs: number;
  quietAtMostMs: number;
}

/**
 * `draw` makes the page's changes for one frame and says whether more wait (then the next frame
 * follows after the gap).
 */
export function frameWrites(draw: () => boolean, { gapMs, lazyGapMs, quietMs, quietAtMostMs }: FrameGaps, abort: AbortSignal): FrameWrites {
  /** Changes wait: none, only ones that can, or some that should be drawn soon. */
  let requested: 'none' | 'lazy' | 'soon' = 'none';
  /** A frame is on its way. */
  let busy = false;
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  abort.addEventListener('abort', () => clearTimeout(timer));
  let scrolled = Number.NEGATIVE_INFINITY;
  /** When the frame now waiting for the reader to stop scrolling first could have been drawn. */
  let waitingSince: number | null = null;
  // Passive: it never holds the reader's scrolling up.
  addEventListener('scroll', () => (scrolled = performance.now()), { passive: true, signal: abort });

  function run() {
    if (abort.aborted) return;
    requested = 'none';
    const more = draw();
    last = performance.now();
    busy = false;
    if (more) requested = 'soon';
    if (requested !== 'none') schedule();
  }

  function frame() {
    timer = undefined;
    const now = performance.now();
    waitingSince ??= now;
    const wait = Math.min(scrolled + quietMs, waitingSince + quietAtMostMs) - now;
    // A hidden page is not being scrolled.
    if (wait > 0 && !document.hidden) {
      timer = setTimeout(frame, wait);
      return;
    }
    waitingSince = null;
    busy = true;
    // A hidden page renders no frame: its changes are made at once.
    if (document.hidden) run();
    else requestAnimationFrame(run);
  }

  function schedule() {
    if (busy || abort.aborted) return;
    // A lazy wait already set gives way to a sooner one.
    clearTimeout(timer);
    const wait = last + (requested === 'soon' ? gapMs : lazyGapMs) - performance.now();
    if (wait > 0) timer = setTimeout(frame, wait);
    else frame();
  }

  return {
    request(canWait = false) {
      const wanted = canWait ? 'lazy' : 'soon';
      // Already asked for, as soon or sooner.
      if (requested === 'soon' || requested === wanted) return;
      requested = wanted;
      schedule();
    },
  };
}

/**
 * How many of the waiting groups (their sizes, in order) one frame takes: whole groups within
 * `budget`, and always the first, so that a group's badges appear together and drawing moves on.
 */
export function groupsWithin(sizes: readonly number[], budget: number): number {
  let used = 0;
  let k = 0;
  for (; k < sizes.length; k++) {
    if (k > 0 && used + sizes[k]! > budget) break;
    used += sizes[k]!;
  }
  return k;
}

/**
 * Takes the waiting items out of `waiting` in order and draws each while the frame's time lasts
 * (`until`, on `now`'s clock), at least one, so that drawing moves on. Each is drawn as it is
 * taken, so the time it takes counts; the rest wait for the next frame.
 */
export function drawWhileTime<T>(waiting: Set<T>, draw: (item: T) => void, until: number, now = () => performance.now()): void {
  let drawn = 0;
  for (const item of waiting) {
    if (drawn > 0 && now() >= until) return;
    waiting.delete(item);
    draw(item);
    drawn++;
  }
}
