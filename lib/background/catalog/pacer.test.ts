import { agedPriority, createPacer, PRIORITY, type HostLimits, type Permit, type PriorityBox } from './pacer';

const LIMITS: HostLimits = { concurrency: 6, perSecond: 10, stallMs: 30_000 };
/**
 * A pacer on a virtual clock, and a host that counts arrivals as the real ones do: a request
 * reaches it some time after its sending (here: anything from at once to just before its answer,
 * as a busy browser may hold it), is answered `latency(k)` ms after its sending, and any arrival
 * that finds `perSecond` others within the second before it would have been refused.
 */
function world(limits: HostLimits = LIMITS, latency: (k: number) => number = (k) => 60 + ((k * 37) % 540)) {
  let t = 0;
  const timers: { at: number; fn: () => void }[] = [];
  const sleep = (ms: number) => new Promise<void>((resolve) => timers.push({ at: t + ms, fn: resolve }));
  const setTimer = (fn: () => void, ms: number) => {
    const timer = { at: t + ms, fn };
    timers.push(timer);
    return () => void timers.splice(timers.indexOf(timer) >>> 0, timers.includes(timer) ? 1 : 0);
  };
  const pacer = createPacer({ limits, now: () => t, sleep, setTimer, label: 'host' });
  const arrivals: number[] = [];
  /** When each named request was sent. */
  const sentAt = new Map<string, number>();
  let sent = 0;

  /** One request through the pacer: sent when permitted, answered after its latency. */
  async function request(priority: number | PriorityBox = PRIORITY.view, log?: string[], name = ''): Promise<void> {
    const permit: Permit = await pacer.acquire(priority);
    log?.push(name);
    sentAt.set(name, t);
    const k = sent++;
    // Alternately at once and as late as possible (before the answer, within the host's
    // delivery bound when it has one): the worst mix for a client's count.
    arrivals.push(t + (k % 2 === 0 ? 0 : Math.min(latency(k) - 1, limits.deliveryMs ?? Infinity)));
    await sleep(latency(k));
    permit.answered(t);
    permit.release();
  }

  /** Runs the clock until nothing is scheduled (or `until`). */
  async function run(until = Infinity): Promise<void> {
    for (;;) {
      await new Promise((r) => setImmediate(r));
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > until) return;
      timers.shift();
      t = Math.max(t, next.at);
      next.fn();
    }
  }

  /** The most arrivals in any window of one second. */
  function busiestSecond(): number {
    const xs = [...arrivals].sort((a, b) => a - b);
    let most = 0;
    for (let i = 0, j = 0; i < xs.length; i++) {
      while (xs[i]! - xs[j]! >= 1000) j++;
      most = Math.max(most, i - j + 1);
    }
    return most;
  }

  return { pacer, request, run, busiestSecond, arrivals, sentAt, now: () => t, advance: (ms: number) => (t += ms) };
}

describe('pacer', () => {
  it('never lets a burst of 500 lookups past the cap in any one-second window, however fast the answers', async () => {
    for (const [latency, meanMs] of [[() => 60, 60], [() => 600, 600], [(k: number) => 60 + ((k * 37) % 540), 330]] as const) {
      const w = world(LIMITS, latency);
      const done = Promise.all(Array.from({ length: 500 }, () => w.request()));
      await w.run();
      await done;
      expect(w.arrivals).toHaveLength(500);
      expect(w.busiestSecond()).toBeLessThanOrEqual(10);
      // …and keeps close to it: each of the ten places is free again a second after its answer.
      expect(w.now()).toBeLessThan(1.1 * 50 * (1000 + meanMs));
    }
  });

  it('holds Semantic Scholar to one request a second, the next going a second after its delivery bound', async () => {
    const w = world({ concurrency: 1, perSecond: 1, stallMs: 10_000, deliveryMs: 600 }, () => 900);
    const done = Promise.all(Array.from({ length: 20 }, () => w.request()));
    await w.run();
    await done;
    expect(w.busiestSecond()).toBe(1);
    // 1.6 s apart (600 ms + a second), not 1.9 s (the answer + a second).
    expect(w.now()).toBeLessThan(20 * 1_700);
  });

  it('sends what the reader is looking at before work ahead, and the same priority in arrival order', async () => {
    const w = world({ concurrency: 1, perSecond: 10, stallMs: 30_000 });
    const log: string[] = [];
    const all = [
      w.request(PRIORITY.view, log, 'first'),
      w.request(PRIORITY.ahead, log, 'ahead 1'),
      w.request(PRIORITY.ahead, log, 'ahead 2'),
      w.request(PRIORITY.near, log, 'near'),
      w.request(PRIORITY.view, log, 'view'),
    ];
    await w.run();
    await Promise.all(all);
    expect(log).toEqual(['first', 'view', 'near', 'ahead 1', 'ahead 2']);
  });

  it('keeps most of the second’s places for a listing’s first screen while it waits on the host', async () => {
    const w = world(LIMITS, () => 100);
    // A first screen: one request, then its next step of four at once; the next screen's twenty
    // lookups were asked for at the same moment.
    const first = w.request(PRIORITY.first, [], 'first');
    const near = Array.from({ length: 20 }, (_, k) => w.request(PRIORITY.near, [], `near ${k}`));
    const next = first.then(() => Promise.all([0, 1, 2, 3].map((k) => w.request(PRIORITY.first, [], `step ${k}`))));
    await w.run();
    await Promise.all([next, ...near]);
    // The step goes on the first's answer, not a second later when the places the next screen took free up…
    for (let k = 0; k < 4; k++) expect(w.sentAt.get(`step ${k}`)).toBe(100);
    // …because the next screen took two of the ten meanwhile; it has the whole cap again once the
    // reader's steps are over.
    const nearSent = [...w.sentAt].filter(([name]) => name.startsWith('near')).map(([, at]) => at);
    expect(nearSent.filter((at) => at < 500)).toHaveLength(2);
    expect(nearSent.filter((at) => at < 1000).length).toBeGreaterThan(2);
    expect(nearSent.filter((at) => at < 2500)).toHaveLength(20);
    expect(w.busiestSecond()).toBeLessThanOrEqual(10);
  });

  it('leaves the whole cap to the look-ahead while later screens are read', async () => {
    const w = world(LIMITS, () => 100);
    const view = w.request(PRIORITY.view, [], 'view');
    const ahead = Array.from({ length: LIMITS.concurrency - 1 }, (_, k) => w.request(PRIORITY.ahead, [], `ahead ${k}`));
    await w.run();
    await Promise.all([view, ...ahead]);
    expect([...w.sentAt.values()].every((at) => at === 0)).toBe(true);
  });

  it('lets a waiting request whose priority was raised go before the others', async () => {
    const w = world({ concurrency: 1, perSecond: 10, stallMs: 30_000 });
    const log: string[] = [];
    const box: PriorityBox = { value: PRIORITY.ahead };
    const all = [w.request(PRIORITY.view, log, 'first'), w.request(PRIORITY.near, log, 'near'), w.request(box, log, 'raised')];
    box.value = PRIORITY.view;
    await w.run();
    await Promise.all(all);
    expect(log).toEqual(['first', 'raised', 'near']);
  });

  it('serves work the reader passed in turn under a saturated cap, never before the next screen', async () => {
    // About one request a second, and new look-ahead lookups coming as fast as they go: by
    // priority alone a passed paper's lookup would wait until the look-ahead ran dry.
    const w = world({ concurrency: 1, perSecond: 1, stallMs: 60_000 }, () => 100);
    const log: string[] = [];
    const all: Promise<void>[] = [];
    let made = 0;
    const more = (): void => {
      if (made >= 40) return;
      const k = made++;
      all.push(w.request(PRIORITY.ahead, log, `ahead ${k}`).then(more));
    };
    all.push(w.request(PRIORITY.view, log, 'first'), w.request(PRIORITY.passed, log, 'passed'));
    for (let k = 0; k < 3; k++) more();
    await w.run();
    await Promise.all(all);
    const passedAt = log.indexOf('passed');
    // Served once its wait lifted it past the look-ahead (about 11 s here), not after all 40.
    expect(passedAt).toBeGreaterThan(1);
    expect(passedAt).toBeLessThan(20);
    // However long it waits, the next screen and the viewport still go first.
    expect(agedPriority(PRIORITY.passed, 3_600_000)).toBeGreaterThan(PRIORITY.ahead);
    expect(agedPriority(PRIORITY.background, 3_600_000)).toBeLessThan(PRIORITY.near);
    expect(agedPriority(PRIORITY.near, 3_600_000)).toBe(PRIORITY.near);
  });

  it('slows down after a 429 it did not provoke, without freezing the host, and comes back to the full pace', async () => {
    const w = world(LIMITS, () => 100);
    expect(w.pacer.pace()).toBe(10);
    w.pacer.refused(w.now() + 1000);
    expect(w.pacer.pace()).toBeLessThan(10);
    const done = Promise.all(Array.from({ length: 30 }, () => w.request()));
    await w.run();
    await done;
    // Nothing went out during the second the host asked for; then requests flowed again.
    expect(Math.min(...w.arrivals)).toBeGreaterThanOrEqual(1000);
    expect(w.now()).toBeLessThan(10_000);
    expect(w.busiestSecond()).toBeLessThan(10);
    w.advance(20_000);
    expect(w.pacer.pace()).toBe(10);
  });

  it('fails waiting requests with a timeout only when the host stopped answering, not because the queue was long', async () => {
    let t = 0;
    const timers: { at: number; fn: () => void }[] = [];
    const setTimer = (fn: () => void, ms: number) => {
      const timer = { at: t + ms, fn };
      timers.push(timer);
      return () => void (timer.fn = () => {});
    };
    const fireDue = () => {
      for (const timer of timers.filter((x) => x.at <= t)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.fn();
      }
    };
    const pacer = createPacer({ limits: { concurrency: 1, perSecond: 100, stallMs: 10_000 }, now: () => t, sleep: () => new Promise(() => {}), setTimer, label: 'host' });
    const first = await pacer.acquire(PRIORITY.view);
    const [second, third, fourth] = [pacer.acquire(PRIORITY.view), pacer.acquire(PRIORITY.view), pacer.acquire(PRIORITY.view)];
    const outcome = (p: Promise<unknown>) => p.then(() => 'granted', (e: Error) => e.message);
    const outcomes = [outcome(second), outcome(third), outcome(fourth)];
    const step = (to: number, answer?: Permit) => {
      t = to;
      answer?.answered(t);
      answer?.release();
      fireDue();
    };
    // A slow host that answers every 9 s: a queue three deep waits 18 s, and that is no stall.
    step(9_000, first);
    step(10_000);
    step(18_000, await second);
    step(19_000);
    // Then the third request is never answered: the one still waiting gives up 10 s after it went out.
    step(27_000);
    step(28_000);
    expect(await Promise.all(outcomes)).toEqual(['granted', 'granted', expect.stringMatching(/no answer from the host for 10000 ms/)]);
  });
});
