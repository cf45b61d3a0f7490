import { RemoteError } from './client';
import { describeFailure, failureOf, formatReset } from './describe-failure';

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
