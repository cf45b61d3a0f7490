import fs from 'node:fs';
import path from 'node:path';
import en from '../../public/_locales/en/messages.json';
import { t } from './i18n';

const ROOT = path.resolve(__dirname, '../..');
const MESSAGES: Record<string, { message: string }> = en;

/** The product's source files: what ships (tests and their helpers left out). */
function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/**
 * The message keys a source names: the string literals in the arguments of `t`, `pluralKey` and
 * `formatCount` (lib/ui/format.ts) but those compared with, and `__MSG_key__` (the manifest's).
 */
export function keysNamed(code: string): string[] {
  const keys = [...code.matchAll(/__MSG_(\w+)__/g)].map((m) => m[1]!);
  for (const call of code.matchAll(/\b(?:t|pluralKey|formatCount)\(/g)) {
    let depth = 1;
    let end = call.index + call[0].length;
    while (depth > 0 && end < code.length) depth += ({ '(': 1, ')': -1 } as Record<string, number>)[code[end++]!] ?? 0;
    const args = code.slice(call.index + call[0].length, end - 1);
    // Not a value compared with (`kind === 'field' ? … : …`).
    keys.push(...[...args.matchAll(/(?<![=!]==?\s*)'(\w+)'/g)].map((m) => m[1]!));
  }
  return keys;
}

const named = new Set(['lib', 'components', 'entrypoints'].flatMap(sources).concat('wxt.config.ts').flatMap((f) => keysNamed(fs.readFileSync(path.join(ROOT, f), 'utf8'))));

describe('the English messages', () => {
  it('finds the keys a call names, in either arm of a choice, and the manifest’s', () => {
    expect(keysNamed("t(a === 'no' ? 'one' : 'two', x) + formatCount(n, 'three', 'four') + get('five') + name: '__MSG_six__'")).toEqual(['six', 'one', 'two', 'three', 'four']);
  });

  it('hold every key the code names', () => {
    expect([...named].filter((key) => !(key in MESSAGES))).toEqual([]);
  });

  it('hold no message the code never names (no dead strings)', () => {
    expect(Object.keys(MESSAGES).filter((key) => !named.has(key))).toEqual([]);
  });

  it('keep keys a browser tells apart (they are case-insensitive) and placeholders in order', () => {
    const keys = Object.keys(MESSAGES);
    expect(new Set(keys.map((k) => k.toLowerCase())).size).toBe(keys.length);
    for (const [key, { message }] of Object.entries(MESSAGES)) {
      const used = [...message.matchAll(/\$(\d)/g)].map((m) => Number(m[1]));
      expect(used.every((n) => n >= 1 && n <= Math.max(...used) && used.length > 0), key).toBe(true);
      expect(new Set(used).size, `${key} uses each of $1…$${new Set(used).size}`).toBe(Math.max(0, ...used));
    }
  });

  it('are what t() gives, with its substitutions', () => {
    expect(t('listingProgress', '120', '412')).toBe('Weft: 120 of 412 papers');
  });
});
