import { mayBeNew } from './not-indexed';

const JUNE_10 = Date.UTC(2026, 5, 10);

describe('mayBeNew', () => {
  it('holds for ids of this month and the last', () => {
    expect(mayBeNew('2606.20501', JUNE_10)).toBe(true);
    expect(mayBeNew('2605.01234', JUNE_10)).toBe(true);
    expect(mayBeNew('2612.00001', Date.UTC(2027, 0, 2))).toBe(true);
  });

  it('does not hold for older papers or old-style ids', () => {
    expect(mayBeNew('2604.01234', JUNE_10)).toBe(false);
    expect(mayBeNew('2406.05546', JUNE_10)).toBe(false);
    expect(mayBeNew('hep-th/9901001', JUNE_10)).toBe(false);
  });
});
