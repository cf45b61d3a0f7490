import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recordFigures } from './figures.mjs';

describe('the bench figures in docs/performance.md', () => {
  it('adds the section once, replaces the rows a run measured and keeps the others', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'weft-figures-')), 'performance.md');
    fs.writeFileSync(file, '# Performance\n\nProse stays.\n');
    recordFigures(file, [['first screen', '490 ms'], ['requests | all', '12']], '2026-12-01, Chromium 156');
    recordFigures(file, [['first screen', '380 ms']], '2026-12-02, Chromium 156');
    const text = fs.readFileSync(file, 'utf8');
    expect(text.startsWith('# Performance\n\nProse stays.\n')).toBe(true);
    expect(text.match(/## Measured figures/g)).toHaveLength(1);
    expect(text).toContain('| first screen | 380 ms | 2026-12-02, Chromium 156 |');
    expect(text).toContain('| requests \\| all | 12 | 2026-12-01, Chromium 156 |');
    expect(text).not.toContain('490 ms');
  });
});
