#!/usr/bin/env node
// The fault and bad-input suite (issue 7; catalogue in faults/catalogue.mjs):
//   1. faults/unit — vitest (faults/vitest.config.ts): the whole background with only fetch and
//      IndexedDB faked, the popup's search state
//   2. faults/e2e  — *.fault.mjs, each exporting `tests` ([{ name, fn }]), run one by one in
//      Chromium with the built extension (e2e/harness.mjs; WEFT_OUT_DIR picks the build)
//   3. faults/e2e/firefox — the same, in Firefox ESR with the Firefox build (e2e/firefox/harness.mjs):
//      the page and lifecycle classes where that harness can reach them
// Every test reports the class it tried and what it measured (faults/ledger.mjs). A catalogue
// class no test tried is a failure, and so is any script executed, follow lost or duplicate
// alert. Prints one summary line, then exactly `N passed, M failed` (last line); exit 1 on failure.
//
//   node faults/run.mjs [--only <substring>]   (--only filters the browser tests; unit tests always run)

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLASSES } from './catalogue.mjs';
import { summarise } from './ledger.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const TIMEOUT = Number(process.env.E2E_TIMEOUT_MS) || 60_000;
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] ?? '' : null;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-faults-'));
process.env.WEFT_FAULTS_LEDGER = path.join(tmp, 'ledger.jsonl');
let passed = 0;
let failed = 0;

async function unit() {
  const json = path.join(tmp, 'vitest.json');
  const code = await new Promise((resolve) => {
    const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'vitest'),
      ['run', '--config', 'faults/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile=${json}`],
      { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
    child.on('error', () => resolve(127));
    child.on('close', (c) => resolve(c ?? 1));
  });
  try {
    const res = JSON.parse(fs.readFileSync(json, 'utf8'));
    passed += res.numPassedTests ?? 0;
    let f = res.numFailedTests ?? 0;
    // a file that fails to load has no failed test of its own: count the file
    f += (res.testResults ?? []).filter((t) => t.status === 'failed' && !(t.assertionResults ?? []).some((a) => a.status === 'failed')).length;
    failed += f || (code ? 1 : 0);
  } catch {
    console.log(`FAIL  faults/unit — no vitest report (exit code ${code})`);
    failed += 1;
  }
}

/** The browser tests of `dir` (faults/e2e: Chromium; faults/e2e/firefox: Firefox ESR), each with `harness`. */
async function browser(dir, harness, prefix = '') {
  const files = fs.readdirSync(path.join(HERE, dir)).filter((f) => f.endsWith('.fault.mjs')).sort();
  const tests = [];
  for (const f of files) {
    // eslint-disable-next-line no-unsanitized/method -- the suite's own files in faults/e2e, not input
    const mod = await import(pathToFileURL(path.join(HERE, dir, f)).href);
    for (const t of mod.tests ?? []) tests.push({ ...t, name: `${prefix}${path.basename(f, '.fault.mjs')} › ${t.name}` });
  }
  const chosen = only === null ? tests : tests.filter((t) => t.name.includes(only));
  process.on('exit', () => harness.killAll());
  const problems = harness.prerequisiteProblems();
  for (const t of chosen) {
    if (problems.length) {
      console.log(`FAIL  ${t.name} — ${problems.join('; ')}`);
      failed++;
      continue;
    }
    const t0 = Date.now();
    let timer;
    try {
      await Promise.race([t.fn(), new Promise((_, rej) => { timer = setTimeout(() => rej(new Error(`timed out after ${TIMEOUT / 1000} s`)), TIMEOUT); })]);
      passed++;
      console.log(`PASS  ${t.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed++;
      console.log(`FAIL  ${t.name} — ${String(e?.message ?? e).split('\n').slice(0, 3).join(' | ')}`);
      if (process.env.E2E_VERBOSE && e?.stack) console.log(e.stack);
    } finally {
      clearTimeout(timer);
      await harness.closeAll().catch(() => harness.killAll());
    }
  }
  await harness.shutdown?.().catch(() => {});
}

const t0 = Date.now();
console.log('━━ fault suite: unit (vitest, faults/unit)');
await unit();
console.log('━━ fault suite: browser (Chromium, faults/e2e)');
await browser('e2e', await import('../e2e/harness.mjs'));
console.log('━━ fault suite: browser (Firefox ESR, faults/e2e/firefox)');
await browser(path.join('e2e', 'firefox'), await import('../e2e/firefox/harness.mjs'), 'firefox › ');

const { classes, totals } = summarise(process.env.WEFT_FAULTS_LEDGER);
if (only === null) {
  for (const c of CLASSES) {
    if (classes.has(c.id)) continue;
    console.log(`FAIL  class ${c.id} — no test tried it (${c.fault})`);
    failed++;
  }
}
for (const [measure, n] of Object.entries(totals)) {
  if (n === 0) continue;
  console.log(`FAIL  ${measure} = ${n}, expected 0`);
  failed++;
}
fs.rmSync(tmp, { recursive: true, force: true });
const tried = CLASSES.filter((c) => classes.has(c.id)).length;
console.log(`faults: ${tried} of ${CLASSES.length} classes tried, ${totals.scriptsExecuted} scripts executed, ${totals.followsLost} follows lost, ${totals.duplicateAlerts} duplicate alerts (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
