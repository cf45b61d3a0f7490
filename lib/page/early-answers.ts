/**
 * Requests sent before the page is ready, answered to whoever asks the same thing later.
 *
 * An abs page's <head> already names the paper and its authors, so the content script sends
 * the features' first requests while the browser is still parsing the body; when a feature
 * then asks for exactly the same thing, it gets that answer instead of a new round trip.
 * Each early answer serves one ask only: a retry always goes to the background again.
 */
import type { ask as askBackground } from '../ui/client';
import type { RequestOf, RequestType, ResponseMap, WeftRequest } from '../background/protocol';

type Ask = typeof askBackground;

/** The same key for the same request, whatever the order its fields were written in. */
export function requestKey(request: object): string {
  return JSON.stringify(request, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

export function createEarlyAnswers(ask: Ask) {
  const early = new Map<string, Promise<unknown>>();

  function send(requests: WeftRequest[]): void {
    for (const request of requests) {
      const answer = ask(request);
      answer.catch(() => undefined); // reported to the feature that asks, if one does
      early.set(requestKey(request), answer);
    }
  }

  const askOnce: Ask = <K extends RequestType>(request: RequestOf<K>) => {
    const key = requestKey(request);
    const answer = early.get(key);
    if (!answer) return ask(request);
    early.delete(key);
    return answer as Promise<ResponseMap[K]>;
  };

  return { send, ask: askOnce };
}
