/**
 * Tests' stand-in for the background behind `ask` (lib/ui/client.ts): each answer is typed by the
 * protocol's answer type for its request (`ResponseMap`, lib/background/protocol.ts), so an
 * answer whose shape the background no longer gives fails `tsc`. A request the test gives no
 * answer for fails as a refused one would.
 */
import { vi } from 'vitest';
import type { RequestOf, RequestType, ResponseMap, WeftRequest } from '@/lib/background/protocol';
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
  return { ask: mock as unknown as typeof ask, asked, mock };
}
