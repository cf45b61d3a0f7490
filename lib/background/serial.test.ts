import { createSerial } from './serial';

describe('createSerial', () => {
  it('runs tasks one after another, in order, and a failure does not stop the next', async () => {
    const serial = createSerial();
    const log: string[] = [];
    const step = (name: string, ms: number, fail = false) => () =>
      new Promise<string>((resolve, reject) => setTimeout(() => {
        log.push(name);
        if (fail) reject(new Error(name));
        else resolve(name);
      }, ms));
    const a = serial(step('a', 20));
    const b = serial(step('b', 0, true));
    const c = serial(step('c', 0));
    await expect(a).resolves.toBe('a');
    await expect(b).rejects.toThrow('b');
    await expect(c).resolves.toBe('c');
    expect(log).toEqual(['a', 'b', 'c']);
  });
});
