#!/usr/bin/env node
// End-to-end test runner (`npm run test:e2e`).
//
// Discovers e2e/*.e2e.mjs. Each file exports named async test functions, and/or an array of
// { name, fn } (as `tests` or the default export). Tests run one after another, each with a 60 s
// timeout; after every test all browsers it launched are closed (killed if they hang).
// Output: `PASS  <name>` / `FAIL  <name> — <reason>` per test, then exactly one line
// `N passed, M failed`. Exit code 1 on any failure.
//
// Without a built extension (.output/chrome-mv3/manifest.json) or a Chromium binary every test
// FAILS with the reason — browser tests are never skipped.
//
// --firefox runs e2e/firefox/*.e2e.mjs instead, with e2e/firefox/harness.mjs (Firefox ESR, the
// build in .output/firefox-mv3), under the same rules.
//
//   node e2e/run.mjs [--firefox] [--only <substring>]... [--list]
//   env: CHROMIUM_PATH (default /usr/bin/chromium), FIREFOX_PATH (default /usr/bin/firefox-esr),
//        E2E_TIMEOUT_MS (default 60000)

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TIMEOUT = Number(process.env.E2E_TIMEOUT_MS) || 60_000;

function parseArgs(argv) {
  const o = { only: [], list: false, firefox: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only') o.only.push(argv[++i] ?? '');
    else if (argv[i] === '--list') o.list = true;
    else if (argv[i] === '--firefox') o.firefox = true;
    else if (argv[i] === '--help' || argv[i] === '-h') {
      console.log('usage: node e2e/run.mjs [--firefox] [--only <substring>]... [--list]');
      process.exit(0);
    } else {
      console.error(`unknown argument ${argv[i]}`);
      process.exit(2);
    }
  }
  return o;
}

/** [{ name, fn, file }] from every <dir>/*.e2e.mjs, in file then export order. */
async function discover(dir) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.e2e.mjs')).sort();
  const tests = [];
  for (const f of files) {
    // eslint-disable-next-line no-unsanitized/method -- the test files found in e2e/, not untrusted input
    const mod = await import(pathToFileURL(path.join(dir, f)).href);
    const prefix = path.basename(f, '.e2e.mjs');
    for (const [key, val] of Object.entries(mod)) {
      if (typeof val === 'function') tests.push({ name: `${prefix} › ${key}`, fn: val, file: f });
      else if (Array.isArray(val)) {
        for (const t of val) if (t && typeof t.fn === 'function') tests.push({ name: `${prefix} › ${t.name}`, fn: t.fn, file: f });
      }
    }
  }
  return tests;
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const oneLine = (e) => {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.replace(ANSI, '').split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 3).join(' | ');
};

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const dir = opts.firefox ? path.join(HERE, 'firefox') : HERE;
  let tests = await discover(dir);
  if (opts.only.length) tests = tests.filter((t) => opts.only.some((o) => t.name.includes(o)));
  if (opts.list) {
    for (const t of tests) console.log(t.name);
    console.log(`${tests.length} tests`);
    return 0;
  }
  let passed = 0;
  let failed = 0;
  if (!tests.length) {
    console.log(`FAIL  e2e — no tests found (${path.relative(path.dirname(HERE), dir)}/*.e2e.mjs)`);
    console.log('0 passed, 1 failed');
    return 1;
  }
  // The harness imports playwright-core (or puppeteer-core); load it lazily so a missing
  // dependency is a FAIL line.
  let harness;
  try {
    harness = opts.firefox ? await import('./firefox/harness.mjs') : await import('./harness.mjs');
  } catch (e) {
    for (const t of tests) console.log(`FAIL  ${t.name} — cannot load the harness: ${oneLine(e)}`);
    console.log(`0 passed, ${tests.length} failed`);
    return 1;
  }
  const onSignal = (sig) => {
    harness.killAll();
    console.log(`${passed} passed, ${failed + 1} failed (interrupted by ${sig})`);
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', () => harness.killAll());

  const problems = harness.prerequisiteProblems();
  if (problems.length) {
    for (const t of tests) console.log(`FAIL  ${t.name} — ${problems.join('; ')}`);
    console.log(`0 passed, ${tests.length} failed`);
    return 1;
  }

  const t0 = Date.now();
  for (const t of tests) {
    const ts = Date.now();
    let timer;
    try {
      await Promise.race([
        Promise.resolve().then(() => t.fn({ name: t.name })),
        new Promise((_, rej) => { timer = setTimeout(() => rej(new Error(`timed out after ${TIMEOUT / 1000} s`)), TIMEOUT); }),
      ]);
      passed++;
      console.log(`PASS  ${t.name} (${((Date.now() - ts) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed++;
      console.log(`FAIL  ${t.name} — ${oneLine(e)}`);
      if (process.env.E2E_VERBOSE && e instanceof Error && e.stack) console.log(e.stack);
    } finally {
      clearTimeout(timer);
      await harness.closeAll().catch(() => harness.killAll());
    }
  }
  await harness.shutdown?.().catch(() => {});
  console.log(`(${tests.length} tests in ${((Date.now() - t0) / 1000).toFixed(1)} s; screenshots in e2e/artifacts/)`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

const code = await main();
process.exit(code);
