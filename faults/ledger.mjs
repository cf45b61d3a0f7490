// What the fault tests measured, shared by the vitest side and the browser side: each test
// reports the class it tried and its measures (scripts that ran, follows lost, duplicate
// alerts) as one JSON line in the file named by WEFT_FAULTS_LEDGER. faults/run.mjs sets it and
// sums the lines; a test run without it (plain `vitest`) records nothing.

import fs from 'node:fs';
import { CLASS_IDS } from './catalogue.mjs';

export const MEASURES = ['scriptsExecuted', 'followsLost', 'duplicateAlerts'];

/**
 * Reports that class `id` was tried, with what was measured (counts, 0 when nothing went wrong).
 * @param {string} id
 * @param {{ scriptsExecuted?: number, followsLost?: number, duplicateAlerts?: number }} [measures]
 */
export function tried(id, measures = {}) {
  if (!CLASS_IDS.has(id)) throw new Error(`faults: "${id}" is not in faults/catalogue.mjs`);
  for (const [k, n] of Object.entries(measures)) {
    if (!MEASURES.includes(k) || !Number.isInteger(n) || n < 0) throw new Error(`faults: bad measure ${k}=${n}`);
  }
  const file = process.env.WEFT_FAULTS_LEDGER;
  if (file) fs.appendFileSync(file, `${JSON.stringify({ id, ...measures })}\n`);
}

/** Sums a ledger file: the classes tried and each measure's total. */
export function summarise(file) {
  const classes = new Set();
  const totals = Object.fromEntries(MEASURES.map((m) => [m, 0]));
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  for (const line of text.split('\n').filter(Boolean)) {
    const rec = JSON.parse(line);
    classes.add(rec.id);
    for (const m of MEASURES) totals[m] += rec[m] ?? 0;
  }
  return { classes, totals };
}
