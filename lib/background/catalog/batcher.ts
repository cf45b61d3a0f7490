/**
 * Coalesces lookups of single keys into batched catalog calls. Keys asked for within a short
 * window — by one request, by several scroll batches of one page, by several tabs — share calls
 * of up to `max` keys; a full call goes out at once, the rest when the window closes. A key
 * already waiting or in flight is never asked for twice: its caller joins that call, and raises
 * its priority when the caller is more urgent (pacer.ts), so a lookup made ahead of the reader
 * does not hold the reader back once they get there.
 */
import { PRIORITY, raise, type PriorityBox } from './pacer';

export interface BatcherOptions<K, V> {
  /** Keys per call (the API's limit). */
  max: number;
  /** How long the first key of a partial call waits for company. */
  windowMs: number;
  /**
   * One catalog call for `keys`; keys absent from the map have no value (not an error). Its
   * requests go at `priority`, which may rise while they wait.
   */
  load: (keys: K[], priority: PriorityBox) => Promise<Map<K, V>>;
  /**
   * Calls out at once (default: no limit). Keys asked while so many are out wait and go together
   * in the next call: a host that takes about a request a second (Semantic Scholar's keyless
   * pool) is asked a few full calls, not a queue of small ones each waiting for its second.
   */
  maxCalls?: number;
}

interface Waiting<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
  promise: Promise<V | undefined>;
  /** The most urgent caller's priority; once sent, the call's. */
  priority: PriorityBox;
}

function deferred<V>(): Waiting<V> {
  let resolve!: (value: V | undefined) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<V | undefined>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Callers may look at only some of the keys they asked for; the rest must not be "unhandled".
  promise.catch(() => undefined);
  return { resolve, reject, promise, priority: { value: -Infinity } };
}

export function createBatcher<K, V>({ max, windowMs, load, maxCalls = Infinity }: BatcherOptions<K, V>) {
  /** Keys not yet sent, in the order asked. */
  const waiting = new Map<K, Waiting<V>>();
  const inflight = new Map<K, Waiting<V>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushQueued = false;
  /** Calls sent and not yet settled. */
  let open = 0;

  function send(keys: K[]): void {
    const calls = keys.map((key) => [key, waiting.get(key)!] as const);
    const priority: PriorityBox = { value: Math.max(...calls.map(([, w]) => w.priority.value)) };
    for (const [key, w] of calls) {
      waiting.delete(key);
      w.priority = priority;
      inflight.set(key, w);
    }
    open++;
    const done = () => {
      open--;
      for (const [key, w] of calls) if (inflight.get(key) === w) inflight.delete(key);
      // What waited for a place (all calls were out) goes now, together; with places to spare,
      // keys wait for their window as ever.
      if (open === maxCalls - 1 && waiting.size) flush(true);
    };
    load(keys, priority).then(
      (values) => {
        done();
        for (const [key, w] of calls) w.resolve(values.get(key));
      },
      (error: unknown) => {
        done();
        for (const [, w] of calls) w.reject(error);
      },
    );
  }

  function flush(all: boolean): void {
    const keys = [...waiting.keys()];
    const full = keys.length - (keys.length % max);
    for (let k = 0; k < (all ? keys.length : full) && open < maxCalls; k += max) send(keys.slice(k, k + max));
    if (waiting.size === 0) {
      clearTimeout(timer);
      timer = undefined;
    }
  }

  return {
    /**
     * Each key's value (undefined: the catalog has none); each rejects with its call's error.
     * `priority`: how urgent the caller is (pacer.ts PRIORITY; default `view`).
     */
    get(keys: readonly K[], priority: number = PRIORITY.view): Map<K, Promise<V | undefined>> {
      const answers = new Map<K, Promise<V | undefined>>();
      for (const key of keys) {
        if (answers.has(key)) continue;
        const joined = inflight.get(key) ?? waiting.get(key);
        if (joined) {
          raise(joined.priority, priority);
          answers.set(key, joined.promise);
          continue;
        }
        const w = deferred<V>();
        w.priority.value = priority;
        waiting.set(key, w);
        answers.set(key, w.promise);
      }
      // After the caller's synchronous work: a request adds all its keys before full calls go out.
      if (!flushQueued && waiting.size >= max) {
        flushQueued = true;
        queueMicrotask(() => {
          flushQueued = false;
          flush(false);
        });
      }
      if (waiting.size > 0) timer ??= setTimeout(() => {
        timer = undefined;
        flush(true);
      }, windowMs);
      return answers;
    },

    /** Whether `key` is waiting or in flight (so a caller need not count it as new). */
    has(key: K): boolean {
      return waiting.has(key) || inflight.has(key);
    },
  };
}

export type Batcher<K, V> = ReturnType<typeof createBatcher<K, V>>;
