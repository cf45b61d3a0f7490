import { formatAge, formatBytes, formatInteger, lazily } from './format';

describe('format', () => {
  it('writes integers with separators', () => {
    expect(formatInteger(1234567)).toBe('1,234,567');
  });
  it('makes a lazy value once, on first use', () => {
    const make = vi.fn(() => ({}));
    const value = lazily(make);
    expect(make).not.toHaveBeenCalled();
    expect(value()).toBe(value());
    expect(make).toHaveBeenCalledTimes(1);
  });
  it('says how old data is', () => {
    const now = 1_000_000_000_000;
    expect(formatAge(now - 10_000, now)).toBe('just now');
    expect(formatAge(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(formatAge(now - 2 * 3_600_000, now)).toBe('2 h ago');
    expect(formatAge(now - 3 * 86_400_000, now)).toBe('3 d ago');
  });
  it('gives cache sizes in KB or MB', () => {
    expect(formatBytes(0)).toBe('0 KB');
    expect(formatBytes(2400)).toBe('2.3 KB');
    expect(formatBytes(5_300_000)).toBe('5.1 MB');
  });
});
