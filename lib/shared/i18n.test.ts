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

/** The text between the bracket at `open` and the one that closes it. */
function enclosed(code: string, open: number): string {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === code[open]) depth++;
    else if (code[i] === pairs[code[open]!] && --depth === 0) return code.slice(open + 1, i);
  }
  return code.slice(open + 1);
}

/** The bracket that opens the one closing just before `end` (whitespace and `as const` between). */
function openerBefore(code: string, end: number): number {
  const close = code.slice(0, end).replace(/(\s|as const)*$/, '').length - 1;
  const opener = ({ ')': '(', ']': '[', '}': '{' } as Record<string, string>)[code[close]!];
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    if (code[i] === code[close]) depth++;
    else if (code[i] === opener && --depth === 0) return i;
  }
  return 0;
}

const literals = (text: string) => [...text.matchAll(/(?<![=!]==?\s*)'(\w+)'/g)].map((m) => m[1]!);

/**
 * The message keys a source names: the string literals in the arguments of `t`, `pluralKey` and
 * `formatCount` (lib/ui/format.ts) but those compared with, in a table declared `satisfies …
 * MessageKey…`, and `__MSG_key__` (the manifest's).
 */
export function keysNamed(code: string): string[] {
  const keys = [...code.matchAll(/['"`]__MSG_(\w+)__/g)].map((m) => m[1]!);
  for (const call of code.matchAll(/\b(?:t|pluralKey|formatCount)\(/g)) keys.push(...literals(enclosed(code, call.index + call[0].length - 1)));
  for (const table of code.matchAll(/\bsatisfies [^\n]*MessageKey/g)) {
    const open = openerBefore(code, table.index);
    keys.push(...literals(enclosed(code, open)));
  }
  return keys;
}

/** The scripts the build copies as they are (public/popup-shell.js), which name keys with `t()` too. */
const copied = fs.readdirSync(path.join(ROOT, 'public')).filter((f) => f.endsWith('.js')).map((f) => path.join('public', f));

const named = new Set(['lib', 'components', 'entrypoints'].flatMap(sources).concat('wxt.config.ts', ...copied).flatMap((f) => keysNamed(fs.readFileSync(path.join(ROOT, f), 'utf8'))));

describe('the English messages', () => {
  it('finds the keys a call names, in either arm of a choice, and the manifest’s', () => {
    expect(keysNamed("t(a === 'no' ? 'one' : 'two', x) + formatCount(n, 'three', 'four') + get('five') + name: '__MSG_six__'")).toEqual(['six', 'one', 'two', 'three', 'four']);
    expect(keysNamed("const L = { a: 'seven', b: ['eight'] } as const satisfies Record<string, { x: string; y: MessageKey }>;\nconst M = { c: 'nine' };")).toEqual(['seven', 'eight']);
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
      // `$1$2` reads as the named placeholder `$1$`, which Chrome refuses to load.
      expect(message, key).not.toMatch(/\$\w+\$/);
      const used = [...message.matchAll(/\$(\d)/g)].map((m) => Number(m[1]));
      expect(used.every((n) => n >= 1 && n <= Math.max(...used) && used.length > 0), key).toBe(true);
      expect(new Set(used).size, `${key} uses each of $1…$${new Set(used).size}`).toBe(Math.max(0, ...used));
    }
  });

  it('are what t() gives, with its substitutions', () => {
    expect(t('listingProgress', '120', '412')).toBe('Weft: 120 of 412 papers');
  });
});
