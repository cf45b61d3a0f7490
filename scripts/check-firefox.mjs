#!/usr/bin/env node
// Checks the Firefox store packages made by `npm run zip:firefox` (`npm test` runs it):
//
//   addons-linter   Mozilla's linter (the one AMO runs) on <name>-<version>-firefox.zip:
//                   0 errors; its warnings and notices are printed.
//   sources zip     <name>-<version>-sources.zip, the archive AMO reviewers rebuild from, holds
//                   the README (build steps) and the lockfile, and no dependencies, build output,
//                   dotfiles, tests, benchmarks or artifacts.
//   rebuild         the sources unpacked in a temporary folder (with this checkout's
//                   node_modules) build a Firefox extension identical, file for file, to the zip.
//
// Reads the zips from WEFT_OUT_DIR or .output. Last line `N passed, M failed`; exit 1 on failure.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import linter from 'addons-linter';
import { folderFiles, packageProblems, zipFiles } from './check-bundle.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.resolve(ROOT, process.env.WEFT_OUT_DIR ?? '.output');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
// WXT's default artifact names.
const EXTENSION_ZIP = path.join(OUT, `${pkg.name}-${pkg.version}-firefox.zip`);
const SOURCES_ZIP = path.join(OUT, `${pkg.name}-${pkg.version}-sources.zip`);

const REQUIRED_SOURCES = ['README.md', 'package.json', 'package-lock.json', 'wxt.config.ts', 'tsconfig.json'];
const JUNK_SOURCES = [
  [/(^|\/)node_modules\//, 'dependencies'],
  [/(^|\/)\./, 'a dotfile or dot folder'],
  [/(^|\/)artifacts\//, 'test artifacts'],
  [/\.(log|zip)$/, 'a log or archive'],
  [/\.(test|spec)\.[cm]?[jt]sx?$/, 'a test'],
  [/^(e2e|bench|faults)\//, 'tests or benchmarks'],
];


async function lintExtension() {
  const instance = linter.createInstance({
    config: {
      _: [EXTENSION_ZIP], logLevel: 'fatal', stack: false, pretty: false, warningsAsErrors: false,
      metadata: false, output: 'none', boring: true, selfHosted: false,
    },
    runAsBinary: false,
  });
  const r = await instance.run();
  const { errors, warnings, notices } = r.summary;
  const describe = (kind) => (m) => `${kind} ${m.code} ${m.file ?? ''}${m.line ? `:${m.line}:${m.column}` : ''} ${m.message}`;
  return {
    ok: errors === 0,
    lines: [
      `${path.basename(EXTENSION_ZIP)}: ${errors} errors, ${warnings} warnings, ${notices} notices`,
      ...r.errors.map(describe('error  ')),
      ...r.warnings.map(describe('warning')),
      ...r.notices.map(describe('notice ')),
    ],
  };
}

function checkSourcesList(names) {
  const problems = [];
  for (const file of REQUIRED_SOURCES) if (!names.includes(file)) problems.push(`missing ${file}`);
  if (!names.some((n) => n.startsWith('entrypoints/'))) problems.push('missing entrypoints/');
  for (const name of names) {
    const junk = JUNK_SOURCES.find(([re]) => re.test(name));
    if (junk) problems.push(`${name}: ${junk[1]}`);
  }
  return { ok: problems.length === 0, lines: problems.length ? problems : [`${names.length} files, README and lockfile included, no junk`] };
}

/** Unpacks the sources, builds Firefox there and compares the result with the extension zip. */
async function rebuild(sources, shipped) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-sources-'));
  try {
    const src = path.join(tmp, 'src');
    for (const [name, content] of sources) {
      fs.mkdirSync(path.dirname(path.join(src, name)), { recursive: true });
      fs.writeFileSync(path.join(src, name), content);
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(src, 'node_modules'), 'dir');
    const out = path.join(tmp, 'out');
    const r = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'wxt'), ['build', '-b', 'firefox', '--mv3'], {
      cwd: src, env: { ...process.env, WEFT_OUT_DIR: out }, encoding: 'utf8',
    });
    if (r.status !== 0) return { ok: false, lines: [`wxt build failed in the unpacked sources (exit ${r.status})`, ...`${r.stdout}${r.stderr}`.trim().split('\n').slice(-15)] };
    const rebuilt = folderFiles(path.join(out, 'firefox-mv3'));
    // The rebuild is the build the shipped package must hold exactly.
    const differ = packageProblems(rebuilt, shipped);
    return {
      ok: differ.length === 0,
      lines: differ.length ? differ : [`${rebuilt.size} files rebuilt from the sources zip, identical to ${path.basename(EXTENSION_ZIP)}`],
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function main() {
  const results = [];
  const missing = [EXTENSION_ZIP, SOURCES_ZIP].filter((f) => !fs.existsSync(f));
  if (missing.length) {
    const lines = [`not found: ${missing.join(', ')} (run \`npm run zip:firefox\` first)`];
    results.push(['addons-linter', { ok: false, lines }], ['sources zip', { ok: false, lines }], ['rebuild from sources', { ok: false, lines }]);
  } else {
    results.push(['addons-linter', await lintExtension()]);
    const sources = await zipFiles(SOURCES_ZIP);
    results.push(['sources zip', checkSourcesList([...sources.keys()])]);
    results.push(['rebuild from sources', await rebuild(sources, await zipFiles(EXTENSION_ZIP))]);
  }
  let failed = 0;
  for (const [check, r] of results) {
    if (!r.ok) failed += 1;
    console.log(`${r.ok ? 'PASS' : 'FAIL'} ${check}`);
    for (const line of r.lines) console.log(`     ${line}`);
  }
  console.log(`${results.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
