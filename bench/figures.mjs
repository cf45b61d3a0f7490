// The bench's figures, kept in docs/performance.md ("Measured figures"): each run replaces the
// rows it measured (by metric) and keeps the others, so a run of one section (`--listings`)
// updates that section only. Every row carries the date and browser of the run that made it.

import fs from 'node:fs';

const START = '<!-- bench:start (written by npm run bench; edit the bench, not this table) -->';
const END = '<!-- bench:end -->';
const HEADER = '| metric | value | measured |\n|---|---|---|';

const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The table's rows as [metric, value, measured] (cells still escaped). */
function parse(table) {
  return table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| metric') && !line.startsWith('|---'))
    .map((line) => line.slice(2, -2).split(/ (?<!\\)\| /));
}

/**
 * Writes `rows` ([metric, value] pairs) into `file`'s figures section, made at the end when the
 * file has none yet.
 */
export function recordFigures(file, rows, measured) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const at = text.indexOf(START);
  const end = text.indexOf(END);
  const kept = at >= 0 && end > at ? parse(text.slice(at + START.length, end)) : [];
  const fresh = new Map(rows.map(([metric, value]) => [cell(metric), [cell(metric), cell(value), cell(measured)]]));
  const merged = [...kept.map((r) => fresh.get(r[0]) ?? r), ...[...fresh.values()].filter((r) => !kept.some((k) => k[0] === r[0]))];
  const table = `${START}\n${HEADER}\n${merged.map((r) => `| ${r.join(' | ')} |`).join('\n')}\n${END}`;
  const out = at >= 0 && end > at
    ? text.slice(0, at) + table + text.slice(end + END.length)
    : `${text.trimEnd()}\n\n## Measured figures\n\nWritten by \`npm run bench\` (headless Chromium, fake catalogs with the real ones' caps and latency where the row says so). Figures vary with the machine's load; the targets are in the rows.\n\n${table}\n`;
  fs.writeFileSync(file, out);
}
