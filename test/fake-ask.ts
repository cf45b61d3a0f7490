/**
 * Tests' stand-in for the background behind `ask` (lib/ui/client.ts): each answer is typed by the
 * protocol's answer type for its request (`ResponseMap`, lib/background/protocol.ts), so an
 * answer whose shape the background no longer gives fails `tsc`. A request the test gives no
 * answer for fails as a refused one would.
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { RequestOf, RequestType, ResponseMap, WeftRequest, WireResponse } from '@/lib/background/protocol';
import { RemoteError, type ask } from '@/lib/ui/client';

/** How the fake background answers each request type a test expects (an answer may also throw). */
export type FakeAnswers = { [K in RequestType]?: (request: RequestOf<K>) => ResponseMap[K] | Promise<ResponseMap[K]> };

export function fakeAsk(answers: FakeAnswers) {
  const asked: WeftRequest[] = [];
  const mock = vi.fn(async (request: WeftRequest): Promise<unknown> => {
    asked.push(request);
    // Each answer takes its own request type; the index cannot say so.
    const answer = answers[request.type] as ((request: WeftRequest) => unknown) | undefined;
    if (!answer) throw new RemoteError({ kind: 'http', message: `${request.type}: not in this test`, retryAt: null });
    return answer(request);
  });
  /** The requests of one type asked so far. */
  const of = <K extends RequestType>(type: K) => asked.filter((request): request is RequestOf<K> => request.type === type);
  return { ask: mock as unknown as typeof ask, asked, of, mock };
}

/**
 * A fake background whose every answer waits until the test gives it: `answer(type, value)`
 * settles the oldest pending request of that type (or the first that `which` picks) with an
 * answer of that type's shape, or fails it with an Error.
 */
export function deferredAsk() {
  const pending: { request: WeftRequest; settle: (value: unknown) => void }[] = [];
  const mock = vi.fn(
    (request: WeftRequest) =>
      new Promise<unknown>((resolve, reject) => pending.push({ request, settle: (value) => (value instanceof Error ? reject(value) : resolve(value)) })),
  );
  const asked = <K extends RequestType>(type: K) => mock.mock.calls.map(([request]) => request).filter((request): request is RequestOf<K> => request.type === type);
  async function answer<K extends RequestType>(type: K, value: ResponseMap[K] | Error, which: (request: RequestOf<K>) => boolean = () => true): Promise<void> {
    const i = pending.findIndex(({ request }) => request.type === type && which(request as RequestOf<K>));
    if (i < 0) throw new Error(`no pending ${type}; asked: ${JSON.stringify(mock.mock.calls.map(([request]) => request))}`);
    pending.splice(i, 1)[0]!.settle(value);
    // Let the answer reach what waits on it.
    for (let k = 0; k < 5; k++) await Promise.resolve();
  }
  return { ask: mock as unknown as typeof ask, answer, asked, mock };
}

/**
 * The same fake background one layer down, for code that asks through the messaging channel
 * itself (lib/ui/client.ts): each request of a type in `answers` is answered as the background
 * answers on the wire, a RemoteError thrown as the failure it carries; other messages (change
 * notices) are left to other listeners. Returns the requests answered, in order.
 */
export function answerMessages(answers: FakeAnswers): WeftRequest[] {
  const asked: WeftRequest[] = [];
  fakeBrowser.runtime.onMessage.addListener(async (message: unknown): Promise<WireResponse<unknown> | undefined> => {
    const request = message as WeftRequest;
    const answer = answers[request.type] as ((request: WeftRequest) => unknown) | undefined;
    if (!answer) return undefined;
    asked.push(request);
    try {
      return { ok: true, data: await answer(request) };
    } catch (e) {
      if (!(e instanceof RemoteError)) throw e;
      return { ok: false, error: { kind: e.kind, message: e.message, retryAt: e.retryAt } };
    }
  });
  return asked;
}
