import { RemoteError } from './client';
import { describeFailure, failureOf, failureSentence, formatReset } from './describe-failure';

const NOW = Date.UTC(2026, 7, 21, 19, 0);

describe('describeFailure', () => {
  it('says when a spent OpenAlex budget resets and that a free key lifts the limit, without offering retry', () => {
    const t = describeFailure({ kind: 'budget-exhausted', message: 'spent', retryAt: NOW + 5 * 3_600_000 }, NOW);
    expect(t.detail).toMatch(/resets at .+ \(in 5 h\)/);
    expect(t.detail).toMatch(/free OpenAlex API key/);
    expect(t.retryable).toBe(false);
  });

  it('falls back to midnight UTC when the reset time is unknown', () => {
    expect(formatReset(null, NOW)).toBe('at midnight UTC');
    expect(formatReset(NOW + 12 * 60_000, NOW)).toMatch(/\(in 12 min\)$/);
  });

  it.each(['network', 'timeout', 'rate-limited', 'http', 'internal'] as const)('offers retry after %s', (kind) => {
    expect(describeFailure({ kind, message: 'x', retryAt: null }, NOW).retryable).toBe(true);
  });

  it('turns any rejection into a wire error', () => {
    expect(failureOf(new RemoteError({ kind: 'timeout', message: 'slow', retryAt: 3 }))).toEqual({ kind: 'timeout', message: 'slow', retryAt: 3 });
    expect(failureOf(new Error('boom'))).toEqual({ kind: 'internal', message: 'boom', retryAt: null });
  });
});

describe('what the reader is told of a failure', () => {
  const KINDS = ['not-found', 'rate-limited', 'budget-exhausted', 'network', 'timeout', 'invalid-response', 'key-rejected', 'http', 'bad-request', 'internal', 'page-paused'] as const;

  it.each(KINDS)('words %s from its kind and data, never the background’s English diagnostic', (kind) => {
    const text = describeFailure({ kind, message: 'GET api.openalex.org/works: no answer within 10000 ms', retryAt: null }, NOW);
    expect(text.title).toMatch(/\S/);
    expect(text.detail).toMatch(/\S/);
    expect(`${text.title} ${text.detail}`).not.toMatch(/api\.openalex\.org|10000/);
  });

  it('names the HTTP status a catalog answered with', () => {
    expect(describeFailure({ kind: 'http', message: 'x', retryAt: null, status: 502 }, NOW).detail).toBe('Try again in a moment (HTTP 502).');
    expect(failureSentence({ kind: 'network', message: 'x', retryAt: null }, 'The catalogs')).toBe('The catalogs could not be reached. Check your connection, then try again.');
  });
});
