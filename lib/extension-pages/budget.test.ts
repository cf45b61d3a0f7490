import { readFileSync } from 'node:fs';
import { keyBudget } from '../background/catalog/key-check';
import { describeBudget } from './budget';

// The shape OpenAlex's /rate-limit answers with (see lib/background/catalog/testdata/README.md).
const RATE_LIMIT = JSON.parse(readFileSync(new URL('../background/catalog/testdata/openalex-rate-limit.shape.json', import.meta.url), 'utf8')) as unknown;
const NOW = Date.UTC(2026, 5, 10, 15); // 9 h before the reset the answer names

describe('the daily allowance in words', () => {
  it('shows credits used and left and when they reset, from a /rate-limit answer', () => {
    const text = describeBudget(keyBudget(RATE_LIMIT, NOW), NOW);
    expect(text.used).toBe('347 of 10,000 credits used today');
    expect(text.left).toBe('9,653 left');
    expect(text.reset).toMatch(/^resets at .+ \(in 9 h\)$/);
    expect(text.share).toBeCloseTo(0.0347);
  });

  it('shows dollars when OpenAlex counts in dollars, and midnight UTC when it gave no time', () => {
    const text = describeBudget({ unit: 'usd', limit: 1, used: 0.25, remaining: 0.75, resetAt: null }, NOW);
    expect([text.used, text.left, text.reset]).toEqual(['$0.25 of $1.00 used today', '$0.75 left', 'resets at midnight UTC']);
  });

  it('never shows a negative remainder or an overfull meter', () => {
    const text = describeBudget({ unit: 'credits', limit: 1000, used: 1010, remaining: -10, resetAt: null }, NOW);
    expect([text.left, text.share]).toEqual(['0 left', 1]);
  });
});
