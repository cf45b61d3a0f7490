import { drawWhileTime, frameWrites, groupsWithin } from './frame-writes';

const GAPS = { gapMs: 100, lazyGapMs: 500, quietMs: 120, quietAtMostMs: 1000 };
const FRAME_MS = 16;

let hidden = false;
/** The window, whose scroll events say the reader is scrolling. */
let view: EventTarget;
const scroll = () => view.dispatchEvent(new Event('scroll'));
beforeEach(() => {
  vi.useFakeTimers();
  hidden = false;
  view = new EventTarget();
  vi.stubGlobal('document', { get hidden() { return hidden; } });
  vi.stubGlobal('addEventListener', view.addEventListener.bind(view));
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, FRAME_MS));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A page whose frames record when Weft drew in them; `more` says how many frames' work waits. */
function page() {
  const frames: number[] = [];
  let more = 0;
  const stop = new AbortController();
  const writes = frameWrites(() => {
    frames.push(performance.now());
    return more-- > 0;
  }, GAPS, stop.signal);
  return { frames, writes, stop, waitMore: (n: number) => (more = n) };
}

describe('frameWrites: Weft changes a long page in as few frames as it can', () => {
  it('draws changes asked for together in one frame', async () => {
    const p = page();
    p.writes.request();
    p.writes.request();
    p.writes.request(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(p.frames).toHaveLength(1);
  });

  it('keeps frames that change the page apart: a change right after a frame waits for the gap', async () => {
    const p = page();
    p.writes.request();
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    expect(p.frames).toHaveLength(1);
    p.writes.request();
    await vi.advanceTimersByTimeAsync(GAPS.gapMs - 10);
    expect(p.frames).toHaveLength(1);
    p.writes.request(); // more changes meanwhile share the coming frame
    await vi.advanceTimersByTimeAsync(10 + FRAME_MS);
    expect(p.frames).toHaveLength(2);
    expect(p.frames[1]! - p.frames[0]!).toBeGreaterThanOrEqual(GAPS.gapMs);
  });

  it('lets changes that can wait wait longer, unless one that cannot comes', async () => {
    const p = page();
    p.writes.request();
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    p.writes.request(true);
    await vi.advanceTimersByTimeAsync(GAPS.gapMs * 2);
    expect(p.frames).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(GAPS.lazyGapMs);
    expect(p.frames).toHaveLength(2);
    p.writes.request(true);
    await vi.advanceTimersByTimeAsync(GAPS.gapMs);
    p.writes.request();
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    expect(p.frames).toHaveLength(3);
  });

  it('goes on with the work a frame could not take, a frame at a time', async () => {
    const p = page();
    p.waitMore(2);
    p.writes.request();
    await vi.advanceTimersByTimeAsync(3 * (GAPS.gapMs + FRAME_MS));
    expect(p.frames).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(p.frames).toHaveLength(3);
  });

  it('on a hidden page (no frames rendered) still makes the changes', async () => {
    hidden = true;
    const p = page();
    p.writes.request();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.frames).toHaveLength(1);
  });

  it('waits for the reader to stop scrolling: its frames are the browser\'s busiest', async () => {
    const p = page();
    scroll();
    p.writes.request();
    await vi.advanceTimersByTimeAsync(GAPS.quietMs - 20);
    scroll(); // still scrolling: the wait starts again
    await vi.advanceTimersByTimeAsync(GAPS.quietMs - 20);
    expect(p.frames).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(20 + FRAME_MS);
    expect(p.frames).toHaveLength(1);
    expect(p.frames[0]).toBeGreaterThanOrEqual(2 * GAPS.quietMs - 20);
  });

  it('draws within quietAtMostMs however long the reader keeps scrolling', async () => {
    const p = page();
    p.writes.request();
    scroll();
    for (let t = 0; t < 3 * GAPS.quietAtMostMs; t += FRAME_MS) {
      await vi.advanceTimersByTimeAsync(FRAME_MS);
      scroll();
    }
    expect(p.frames.length).toBeGreaterThanOrEqual(1);
    expect(p.frames[0]).toBeLessThanOrEqual(GAPS.quietAtMostMs + 2 * FRAME_MS);
    // Each later frame waits its own while, not a second one since the first.
    p.writes.request();
    const asked = performance.now();
    for (let t = 0; t < 2 * GAPS.quietAtMostMs; t += FRAME_MS) {
      await vi.advanceTimersByTimeAsync(FRAME_MS);
      scroll();
    }
    expect(p.frames).toHaveLength(2);
    expect(p.frames[1]! - asked).toBeGreaterThanOrEqual(GAPS.quietAtMostMs - FRAME_MS);
  });

  it('draws nothing once stopped', async () => {
    const p = page();
    p.writes.request();
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    p.writes.request(true);
    p.stop.abort();
    await vi.advanceTimersByTimeAsync(2000);
    expect(p.frames).toHaveLength(1);
  });
});

describe('groupsWithin', () => {
  it('takes whole groups that fit the budget, in order', () => {
    expect(groupsWithin([6, 6, 6, 6], 14)).toBe(2);
    expect(groupsWithin([6, 6, 6, 6], 24)).toBe(4);
  });

  it('always takes the first group, even one larger than the budget, so drawing moves on', () => {
    expect(groupsWithin([300, 2], 12)).toBe(1);
  });

  it('takes nothing when nothing waits', () => {
    expect(groupsWithin([], 100)).toBe(0);
  });
});

describe('drawWhileTime', () => {
  /** Badges waiting, and a clock on which drawing one takes 1 ms. */
  function waiting(n: number) {
    let clock = 0;
    const items = new Set(Array.from({ length: n }, (_, k) => k));
    const drawn: number[] = [];
    const draw = (k: number) => {
      drawn.push(k);
      clock += 1;
    };
    return { items, drawn, draw, now: () => clock };
  }

  it("draws waiting badges in order until the frame's time is up; the rest wait for the next frame", () => {
    const w = waiting(10);
    drawWhileTime(w.items, w.draw, 4, w.now);
    expect(w.drawn).toEqual([0, 1, 2, 3]);
    expect([...w.items]).toEqual([4, 5, 6, 7, 8, 9]);
  });

  it('draws one even with the time up, so that drawing moves on', () => {
    const w = waiting(3);
    drawWhileTime(w.items, w.draw, -1, w.now);
    expect(w.drawn).toEqual([0]);
    expect([...w.items]).toEqual([1, 2]);
  });

  it('draws all that wait when the time allows', () => {
    const w = waiting(3);
    drawWhileTime(w.items, w.draw, 100, w.now);
    expect(w.drawn).toEqual([0, 1, 2]);
    expect(w.items.size).toBe(0);
  });
});
