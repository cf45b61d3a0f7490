// Release checks on what the store listings use: the changelog has the version being released,
// and the committed store images have the stores' sizes (store/README.md says what each is).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pngSize } from './check-bundle.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json'));
const KINDS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];

describe('CHANGELOG.md', () => {
  const log = read('CHANGELOG.md');
  const versions = [...log.matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/gm)].map((m) => ({ version: m[1], date: m[2] }));

  it('opens with Unreleased, then has a dated section for package.json’s version, newest first', () => {
    expect(versions[0]).toEqual({ version: 'Unreleased', date: undefined });
    const released = versions.slice(1);
    expect(released.map((v) => v.version)).toContain(pkg.version);
    for (const v of released) expect(v.date, `the date of ${v.version}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const dates = released.map((v) => v.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('sorts changes under Keep a Changelog’s kinds only', () => {
    const kinds = [...log.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.filter((k) => !KINDS.includes(k))).toEqual([]);
  });
});

describe('store images', () => {
  const size = (file) => pngSize(fs.readFileSync(path.join(ROOT, 'store', file)));

  it('are screenshots at 1280×800, each view in light and dark', () => {
    const shots = fs.readdirSync(path.join(ROOT, 'store', 'screenshots')).filter((f) => f.endsWith('.png'));
    expect(shots.length).toBeGreaterThanOrEqual(8);
    for (const f of shots) expect(size(`screenshots/${f}`), f).toEqual({ width: 1280, height: 800 });
    const views = new Set(shots.map((f) => f.replace(/-(light|dark)\.png$/, '')));
    for (const v of views) expect([`${v}-light.png`, `${v}-dark.png`].filter((f) => !shots.includes(f)), v).toEqual([]);
  });

  it('include the 440×280 promo tile', () => {
    expect(size('promo-tile-440x280.png')).toEqual({ width: 440, height: 280 });
  });
});

describe('README.md', () => {
  const readme = read('README.md');

  it('is a reader’s page: under 150 lines, every local link and image it names present', () => {
    expect(readme.split('\n').length).toBeLessThan(150);
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)[^)]*\)|src="([^"]+)"/g)].map((m) => m[1] ?? m[2]).filter((t) => !/^https?:/.test(t));
    expect(targets.length).toBeGreaterThan(5);
    expect(targets.filter((t) => !fs.existsSync(path.join(ROOT, t)))).toEqual([]);
  });
});
