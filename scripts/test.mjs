#!/usr/bin/env node
// `npm test`: every check of the project, in order, streaming each step's output.
//
//   1. Chromium   CHROMIUM_PATH or /usr/bin/chromium; when missing and running as root with
//                 apt-get: `apt-get update && apt-get install -y --no-install-recommends chromium`;
//                 otherwise stop with a message naming what to install (1 check)
//   2. typecheck  tsc --noEmit (1 check)
//   3. lint       eslint . --max-warnings 0 (1 check)
//   3b. layers    dependency-cruiser with .dependency-cruiser.cjs: the layer rule of docs/architecture.md
//                 "How Weft is built", no import cycle between files or folders (1 check)
//   4. unit       vitest run (its test counts)
//   5. build      wxt zip: the Chrome build and its store package (1 check)
//   6. ff-build   wxt zip -b firefox --mv3: the Firefox build, its zip and the sources zip (1 check)
//   7. bundles    scripts/check-bundle.mjs on both builds: manifest = scripts/expected-manifest.json,
//                 no eval / Function / script injection / remote code, each store package holds
//                 exactly its build (its check counts)
//   8. ff-package scripts/check-firefox.mjs: addons-linter 0 errors on the Firefox zip, sources zip
//                 contents, rebuild from the sources zip identical (its check counts)
//   9. e2e        node e2e/run.mjs (its test counts) — needs 1 and 5
//  10. faults     node faults/run.mjs: the fault and bad-input suite, unit and browser (its test
//                 counts; its browser tests fail on their own without 1 and 5, its Firefox ones
//                 without 6 and Firefox ESR, which is installed before it as for 11)
//  11. firefox    node e2e/run.mjs --firefox: the end-to-end checks in Firefox ESR on the Firefox
//                 build (its test counts) — needs 6, FIREFOX_PATH or /usr/bin/firefox-esr and
//                 certutil; when missing and running as root with apt-get: `apt-get install -y
//                 --no-install-recommends firefox-esr libnss3-tools`; otherwise its tests count
//                 as failed, with a message naming what to install
//
// A step whose prerequisite failed is not run and counts as failed (e2e: as many failures as it
// has tests). The last line is exactly `N passed, M failed` over every suite; exit 1 on any failure.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FIREFOX = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** Run a command, streaming its output; resolves {code, out}. */
function run(cmd, args, { env } = {}) {
  return new Promise((resolve) => {
    let out = '';
    let child;
    try {
      child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      resolve({ code: 127, out: String(e) });
      return;
    }
    const onData = (stream) => (d) => { out += d; stream.write(d); };
    child.stdout.on('data', onData(process.stdout));
    child.stderr.on('data', onData(process.stderr));
    child.on('error', (e) => { out += String(e); process.stderr.write(`${e.message}\n`); });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), out }));
  });
}

const results = []; // {step, passed, failed, note}
const record = (step, passed, failed, note) => results.push({ step, passed, failed, note });
const heading = (s) => console.log(`\n━━ ${s} ${'━'.repeat(Math.max(0, 70 - s.length))}`);
const isRoot = () => process.getuid?.() === 0;
const hasCmd = (c) => spawnSync('sh', ['-c', `command -v ${c}`], { stdio: 'ignore' }).status === 0;

function chromiumWorks() {
  if (!fs.existsSync(CHROMIUM)) return false;
  const r = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (r.status === 0) console.log(r.stdout.trim());
  return r.status === 0;
}

async function stepChromium() {
  heading(`Chromium (${CHROMIUM})`);
  if (chromiumWorks()) { record('chromium', 1, 0); return true; }
  if (!process.env.CHROMIUM_PATH && isRoot() && hasCmd('apt-get')) {
    console.log('Chromium not found: installing it with apt-get (running as root)');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    const up = await run('apt-get', ['update'], { env });
    const inst = up.code === 0 ? await run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env }) : up;
    if (inst.code === 0 && chromiumWorks()) { record('chromium', 1, 0, 'installed with apt-get'); return true; }
    console.log(`apt-get could not provide a working Chromium at ${CHROMIUM}`);
  }
  console.log(`Chromium is required for the browser tests and was not found at ${CHROMIUM}.\n`
    + '  Install it (Debian: `sudo apt-get install chromium`; other systems: any Chromium/Chrome ≥ 132)\n'
    + '  and/or point CHROMIUM_PATH at the binary. The browser tests are never skipped.');
  record('chromium', 0, 1, `no Chromium at ${CHROMIUM}`);
  return false;
}

async function stepSimple(step, title, cmd, args) {
  heading(title);
  const r = await run(cmd, args);
  if (r.code === 0) record(step, 1, 0); else record(step, 0, 1, `exit code ${r.code}`);
  return r.code === 0;
}

async function stepUnit() {
  heading('unit tests (vitest run)');
  const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'weft-vitest-')), 'results.json');
  const r = await run(BIN('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${json}`, '--passWithNoTests']);
  let passed = 0;
  let failed = 0;
  let note = '';
  try {
    const res = JSON.parse(fs.readFileSync(json, 'utf8'));
    passed = res.numPassedTests ?? 0;
    failed = res.numFailedTests ?? 0;
    // a test file that fails to load has no failed test of its own: count the file
    const broken = (res.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'));
    if (broken.length) { failed += broken.length; note = `${broken.length} test file(s) failed to run`; }
    if (!res.numTotalTests) note = note || 'no unit tests found';
  } catch (e) {
    note = `no vitest results (${e.code === 'ENOENT' ? 'vitest did not write its JSON report' : e.message})`;
  }
  if (r.code !== 0 && failed === 0) { failed = 1; note = note || `vitest exited with code ${r.code}`; }
  fs.rmSync(path.dirname(json), { recursive: true, force: true });
  record('unit', passed, failed, note);
}

function e2eTestCount(...args) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'e2e', 'run.mjs'), ...args, '--list'], { cwd: ROOT, encoding: 'utf8' });
  const m = /^(\d+) tests$/m.exec(r.stdout ?? '');
  return m ? Math.max(1, Number(m[1])) : 1;
}

/** Runs a node script whose last line is `N passed, M failed` and records those counts. */
async function stepCounted(step, title, script, args = []) {
  heading(title);
  const r = await run(process.execPath, [path.join(ROOT, script), ...args]);
  const lines = r.out.trim().split('\n');
  const m = /^(\d+) passed, (\d+) failed$/.exec(lines[lines.length - 1] ?? '');
  if (!m) { record(step, 0, 1, `no summary line from ${script} (exit code ${r.code})`); return; }
  let failed = Number(m[2]);
  if (r.code !== 0 && failed === 0) failed = 1;
  record(step, Number(m[1]), failed);
}

async function stepE2e(ready, why) {
  const title = 'end-to-end tests (node e2e/run.mjs)';
  if (ready) return stepCounted('e2e', title, 'e2e/run.mjs');
  heading(title);
  const n = e2eTestCount();
  console.log(`not run: ${why} — counted as ${n} failed`);
  record('e2e', 0, n, `not run: ${why}`);
}

const firefoxReady = () => fs.existsSync(FIREFOX) && hasCmd('certutil');

/** Firefox ESR and certutil (the Firefox run's test CA goes into each temporary profile with it). */
async function firefoxTools() {
  if (firefoxReady()) return true;
  if (!process.env.FIREFOX_PATH && isRoot() && hasCmd('apt-get')) {
    console.log('Firefox ESR or certutil not found: installing firefox-esr and libnss3-tools with apt-get (running as root)');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    const up = await run('apt-get', ['update'], { env });
    if (up.code === 0) await run('apt-get', ['install', '-y', '--no-install-recommends', 'firefox-esr', 'libnss3-tools'], { env });
    if (firefoxReady()) return true;
  }
  console.log(`The Firefox run needs Firefox ESR at ${FIREFOX} and certutil.\n`
    + '  Install them (Debian: `sudo apt-get install firefox-esr libnss3-tools`; other systems: Firefox ≥ 140 and NSS tools)\n'
    + '  and/or point FIREFOX_PATH at the binary. The browser tests are never skipped.');
  return false;
}

async function stepFirefox(built, tools) {
  const title = 'end-to-end tests in Firefox (node e2e/run.mjs --firefox)';
  const why = !built ? 'the Firefox build failed' : !tools ? `no Firefox ESR at ${FIREFOX} or no certutil` : '';
  if (!why) return stepCounted('firefox', title, 'e2e/run.mjs', ['--firefox']);
  heading(title);
  const n = e2eTestCount('--firefox');
  console.log(`not run: ${why} — counted as ${n} failed`);
  record('firefox', 0, n, `not run: ${why}`);
}

async function main() {
  const t0 = Date.now();
  const chromiumOk = await stepChromium();
  await stepSimple('typecheck', 'typecheck (tsc --noEmit)', BIN('tsc'), ['--noEmit']);
  await stepSimple('lint', 'lint (eslint . --max-warnings 0)', BIN('eslint'), ['.', '--max-warnings', '0']);
  await stepSimple('layers', 'layers (npm run check:layers)', 'npm', ['run', '--silent', 'check:layers']);
  await stepUnit();
  const built = await stepSimple('build', 'build and Chrome package (wxt zip)', BIN('wxt'), ['zip']);
  const ffBuilt = await stepSimple('ff-build', 'Firefox build and packages (wxt zip -b firefox --mv3)', BIN('wxt'), ['zip', '-b', 'firefox', '--mv3']);
  // Both checks fail on their own when the builds or zips they read are missing.
  await stepCounted('bundles', 'least privilege and no remote code (scripts/check-bundle.mjs)', 'scripts/check-bundle.mjs');
  await stepCounted('ff-package', 'Firefox packages (scripts/check-firefox.mjs: addons-linter, sources zip)', 'scripts/check-firefox.mjs');
  const why = [!built && 'the build failed', !chromiumOk && 'no Chromium'].filter(Boolean).join(' and ');
  await stepE2e(built && chromiumOk, why);
  // The fault suite has Firefox tests too: Firefox ESR is made ready before it, not only before 11.
  const ffTools = await firefoxTools();
  await stepCounted('faults', 'fault and bad-input suite (node faults/run.mjs)', 'faults/run.mjs');
  await stepFirefox(ffBuilt, ffTools);

  heading(`summary (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  let passed = 0;
  let failed = 0;
  for (const r of results) {
    passed += r.passed;
    failed += r.failed;
    console.log(`${r.failed ? 'FAIL' : 'ok  '}  ${r.step.padEnd(10)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(4)} failed${r.note ? `  (${r.note})` : ''}`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
