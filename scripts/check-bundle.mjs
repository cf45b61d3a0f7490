#!/usr/bin/env node
// Build check for least privilege and no remote code (`npm test` runs it on both builds).
//
//   node scripts/check-bundle.mjs [<built extension dir> …]
//   (default: <WEFT_OUT_DIR or .output>/chrome-mv3 and …/firefox-mv3)
//
// For each folder it checks these and prints a PASS or FAIL line for each:
//   manifest  permissions, optional and host permissions, content-script matches, web-accessible
//             resources, externally_connectable, CSP and incognito equal scripts/expected-manifest.json
//             (arrays as sets), and so do the keyboard shortcuts (`commands`, names and
//             suggested keys); a Firefox build also declares the expected data collection, a
//             Chrome build the minimum Chrome version (at least the expected one); the
//             description fits the stores' limit; `icons` and `action.default_icon` name a PNG of
//             each expected size, present in the build and of that many pixels square; each
//             content script, gzipped, fits content_script_max_gzip_bytes (30 kB).
//   code      no script file runs strings as code (eval, Function, string timers), injects
//             <script> elements or loads script from a URL (importScripts / import() / workers
//             with anything but a local path, remote .src), names a script CDN; no page has a
//             remote or inline script, remote stylesheet or frame, or inline event handler; no
//             stylesheet loads from a URL.
//   package   (with no folder named: the output folder's builds) the store package `wxt zip` made of
//             each build holds exactly its files, byte for byte, and package.json's version.
// The last line is `N passed, M failed`; exit code 1 on any failure. Findings name the file,
// line:column and the code around them, so a match in a dependency can be judged precisely.

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import JSZip from 'jszip';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const EXPECTED_PATH = path.join(ROOT, 'scripts', 'expected-manifest.json');

// A remote URL: with a scheme or protocol-relative.
const REMOTE = String.raw`(?:https?:)?\/\/`;
const QUOTE = '["\'`]';

/** Patterns that must not occur in any shipped script. */
const CODE_RULES = [
  { rule: 'eval', re: /(?<![\w$])eval\s*\(/g },
  { rule: 'indirect eval', re: /[(,]\s*eval\s*\)/g },
  { rule: 'Function constructor', re: /(?<![\w$])Function\s*\(/g },
  { rule: 'string passed to a timer', re: new RegExp(String.raw`(?<![\w$])set(?:Timeout|Interval)\s*\(\s*${QUOTE}`, 'g') },
  { rule: 'script element', re: new RegExp(String.raw`createElement(?:NS)?\s*\((?:[^()]*,)?\s*${QUOTE}script${QUOTE}\s*\)`, 'gi') },
  { rule: 'script markup', re: /<script[\s>/]/gi },
  { rule: 'document.write', re: /(?<![\w$])document\s*\.\s*write(?:ln)?\s*\(/g },
  {
    rule: 'remote src',
    re: new RegExp(String.raw`(?:\.src\s*=|setAttribute\s*\(\s*${QUOTE}src${QUOTE}\s*,)\s*${QUOTE}${REMOTE}`, 'g'),
  },
  {
    rule: 'script CDN',
    re: /\b(?:cdn\.jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|ajax\.googleapis\.com|code\.jquery\.com|esm\.sh|cdn\.skypack\.dev|ga\.jspm\.io|googletagmanager\.com|google-analytics\.com|sentry-cdn\.com)\b/g,
  },
];

// Calls that load script: fine only with a string literal naming a local path.
const LOADER = /(?<![\w$.])(importScripts|import|new\s+(?:Shared)?Worker)\s*\(/g;
const LOCAL_PATH_LITERAL = /^\s*(["'`])(?:\.{1,2}\/|\/(?!\/))[^"'`$:]*\1/;

/** @returns {{rule: string, index: number}[]} */
export function scanScript(text) {
  const found = [];
  for (const { rule, re } of CODE_RULES) {
    for (const m of text.matchAll(re)) found.push({ rule, index: m.index });
  }
  for (const m of text.matchAll(LOADER)) {
    const argument = text.slice(m.index + m[0].length, m.index + m[0].length + 300);
    if (!LOCAL_PATH_LITERAL.test(argument)) found.push({ rule: `${m[1].replace(/\s+/g, ' ')}() of a non-local script`, index: m.index });
  }
  return found.sort((a, b) => a.index - b.index);
}

const RESOURCE_TAG = /<(script|link|iframe|frame|object|embed)\b([^>]*)>/gi;
const RESOURCE_ATTR = new RegExp(String.raw`\b(?:src|href|data)\s*=\s*["']?\s*${REMOTE}`, 'i');
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>(?!\s*<\/script>)/gi;
const INLINE_HANDLER = /<[a-z][^>]*?\son[a-z]+\s*=/gi;

/** @returns {{rule: string, index: number}[]} */
export function scanPage(text) {
  const found = [];
  for (const m of text.matchAll(RESOURCE_TAG)) {
    if (RESOURCE_ATTR.test(m[2])) found.push({ rule: `remote <${m[1].toLowerCase()}>`, index: m.index });
  }
  for (const m of text.matchAll(INLINE_SCRIPT)) found.push({ rule: 'inline script', index: m.index });
  for (const m of text.matchAll(INLINE_HANDLER)) found.push({ rule: 'inline event handler', index: m.index });
  return found.sort((a, b) => a.index - b.index);
}

const CSS_REMOTE = new RegExp(String.raw`(?:url\(\s*["']?|@import\s+["'])\s*${REMOTE}`, 'gi');

/** @returns {{rule: string, index: number}[]} */
export function scanStyle(text) {
  return [...text.matchAll(CSS_REMOTE)].map((m) => ({ rule: 'remote resource in CSS', index: m.index }));
}

const SCANNERS = [
  { kind: 'scripts', ext: /\.(?:m|c)?js$/i, scan: scanScript },
  { kind: 'pages', ext: /\.html?$/i, scan: scanPage },
  { kind: 'styles', ext: /\.css$/i, scan: scanStyle },
];

function where(text, index) {
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  const col = index - before.lastIndexOf('\n');
  const snippet = text.slice(Math.max(0, index - 40), index + 60).replace(/\s+/g, ' ');
  return { line, col, snippet };
}

function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)))
    .sort();
}

/** Every finding in a built extension folder, and how many files of each kind were read. */
export function scanFolder(dir) {
  const findings = [];
  const counts = { scripts: 0, pages: 0, styles: 0 };
  for (const file of listFiles(dir)) {
    const scanner = SCANNERS.find((s) => s.ext.test(file));
    if (!scanner) continue;
    counts[scanner.kind] += 1;
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const { rule, index } of scanner.scan(text)) findings.push({ file, rule, ...where(text, index) });
  }
  return { findings, counts };
}

const asSet = (list) => [...new Set(list ?? [])].sort();
const sameJson = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A content script as far as where it runs goes: its matches plus any key that widens them. */
function contentScriptScope(cs) {
  const scope = { matches: asSet(cs.matches) };
  for (const key of ['exclude_matches', 'include_globs', 'exclude_globs']) if (cs[key]) scope[key] = asSet(cs[key]);
  for (const key of ['all_frames', 'match_about_blank', 'match_origin_as_fallback', 'world']) if (key in cs) scope[key] = cs[key];
  return scope;
}

function setDifference(key, actual, expected) {
  const extra = actual.filter((x) => !expected.includes(x));
  const missing = expected.filter((x) => !actual.includes(x));
  return `${key}: ${[extra.length && `unexpected ${extra.join(', ')}`, missing.length && `missing ${missing.join(', ')}`].filter(Boolean).join('; ')}`;
}

/**
 * How a manifest differs from the expected list; [] when it matches.
 * @param {object} manifest  the built manifest.json
 * @param {object} expected  scripts/expected-manifest.json
 * @param {string} browser   'chrome', 'firefox', … (WXT's output folder prefix)
 */
export function compareManifest(manifest, expected, browser) {
  const problems = [];
  if (manifest.manifest_version !== 3) problems.push(`manifest_version: ${manifest.manifest_version}, expected 3`);
  for (const key of ['permissions', 'optional_permissions', 'host_permissions', 'optional_host_permissions']) {
    const actual = asSet(manifest[key]);
    // A browser's own list (expected.chrome.permissions: the offscreen document) replaces the common one.
    const wanted = asSet(expected[browser]?.[key] ?? expected[key]);
    if (!sameJson(actual, wanted)) problems.push(setDifference(key, actual, wanted));
  }
  const scopes = (list) => (list ?? []).map(contentScriptScope).map((s) => JSON.stringify(s)).sort();
  if (!sameJson(scopes(manifest.content_scripts), scopes(expected.content_scripts))) {
    problems.push(`content_scripts: ${scopes(manifest.content_scripts).join(' ') || 'none'}, expected ${scopes(expected.content_scripts).join(' ') || 'none'}`);
  }
  // incognito: absent means "spanning", Weft running in private windows once the reader allows it.
  for (const [key, absent] of [['web_accessible_resources', []], ['externally_connectable', null], ['content_security_policy', null], ['incognito', 'spanning']]) {
    const actual = manifest[key] ?? absent;
    const wanted = expected[key] ?? absent;
    if (!sameJson(actual, wanted)) problems.push(`${key}: ${JSON.stringify(actual)}, expected ${JSON.stringify(wanted)}`);
  }
  // The keyboard shortcuts: exactly these commands, each suggesting its key.
  const commands = Object.fromEntries(Object.entries(manifest.commands ?? {}).map(([name, c]) => [name, c?.suggested_key?.default ?? null]));
  const sortedEntries = (o) => Object.entries(o ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (!sameJson(sortedEntries(commands), sortedEntries(expected.commands))) {
    problems.push(`commands: ${JSON.stringify(commands)}, expected ${JSON.stringify(expected.commands ?? {})}`);
  }
  if (manifest.default_locale !== expected.default_locale) problems.push(`default_locale: ${manifest.default_locale ?? 'missing'}, expected ${expected.default_locale}`);
  for (const key of ['name', 'short_name', 'description']) {
    const unresolved = manifest[key]?.match(/__MSG_\w+__/);
    if (unresolved) problems.push(`${key}: ${unresolved[0]} is not in _locales/${manifest.default_locale}/messages.json`);
  }
  const description = manifest.description ?? '';
  if (!description.trim()) problems.push('description: missing');
  else if (description.length > expected.description_max_length) {
    problems.push(`description: ${description.length} characters, at most ${expected.description_max_length}`);
  }
  for (const [key, icons] of [['icons', manifest.icons], ['action.default_icon', manifest.action?.default_icon]]) {
    const sizes = Object.keys(icons ?? {}).map(Number).sort((a, b) => a - b);
    if (!sameJson(sizes, expected.icon_sizes)) problems.push(`${key}: sizes ${sizes.join(', ') || 'none'}, expected ${expected.icon_sizes.join(', ')}`);
  }
  if (browser !== 'firefox') {
    const min = manifest.minimum_chrome_version;
    if (!min) problems.push(`minimum_chrome_version: missing, expected ${expected.minimum_chrome_version} or later`);
    else if (Number.parseInt(min, 10) < Number.parseInt(expected.minimum_chrome_version, 10)) {
      problems.push(`minimum_chrome_version: ${min}, expected ${expected.minimum_chrome_version} or later`);
    }
  }
  if (browser === 'firefox') {
    const gecko = manifest.browser_specific_settings?.gecko;
    if (!gecko?.id) problems.push('browser_specific_settings.gecko.id: missing (Firefox needs it to sign an MV3 add-on)');
    const norm = (d) => ({ required: asSet(d?.required), optional: asSet(d?.optional) });
    const actual = norm(gecko?.data_collection_permissions);
    const wanted = norm(expected.firefox?.data_collection_permissions);
    if (!sameJson(actual, wanted)) {
      problems.push(`browser_specific_settings.gecko.data_collection_permissions: ${JSON.stringify(actual)}, expected ${JSON.stringify(wanted)}`);
    }
  }
  return problems;
}

/**
 * The manifest as the browser shows it in its default locale: each `__MSG_key__` of its name and
 * description replaced by the message of that key in `dir`'s _locales (one left as it is when
 * the key is not there, which compareManifest reports).
 */
export function localizeManifest(manifest, dir) {
  const file = path.join(dir, '_locales', manifest.default_locale ?? '', 'messages.json');
  const messages = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const resolve = (text) => text?.replace(/__MSG_(\w+)__/g, (whole, key) => messages[key]?.message ?? whole);
  return { ...manifest, name: resolve(manifest.name), short_name: resolve(manifest.short_name), description: resolve(manifest.description) };
}

/** Width and height of a PNG file's image, or null when it is no PNG. */
export function pngSize(bytes) {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((b, i) => bytes[i] !== b) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The icon files a manifest names that are missing from `dir`, no PNG, or not `size` pixels square. */
export function iconFileProblems(dir, manifest) {
  const problems = [];
  const named = [...Object.entries(manifest.icons ?? {}), ...Object.entries(manifest.action?.default_icon ?? {})];
  for (const [size, file] of new Map(named.map(([size, file]) => [`${size} ${file}`, [size, file]])).values()) {
    const where = path.join(dir, String(file).replace(/^\//, ''));
    if (!fs.existsSync(where)) {
      problems.push(`icon ${file}: not in the build`);
      continue;
    }
    const png = pngSize(fs.readFileSync(where));
    if (!png) problems.push(`icon ${file}: not a PNG`);
    else if (png.width !== Number(size) || png.height !== Number(size)) problems.push(`icon ${file}: ${png.width}×${png.height}, named as ${size}×${size}`);
  }
  return problems;
}

/** Each content script's gzipped size (level 9), by file: [{file, bytes}]. */
export function contentScriptSizes(dir, manifest) {
  const files = [...new Set((manifest.content_scripts ?? []).flatMap((c) => c.js ?? []))];
  return files.map((file) => {
    const where = path.join(dir, file);
    return { file, bytes: fs.existsSync(where) ? zlib.gzipSync(fs.readFileSync(where), { level: 9 }).length : null };
  });
}

/** Content scripts over the budget (or missing). */
export function contentScriptSizeProblems(sizes, max) {
  return sizes.flatMap(({ file, bytes }) => (bytes === null ? [`content script ${file}: not in the build`]
    : bytes > max ? [`content script ${file}: ${bytes} bytes gzipped, over the ${max}-byte budget`] : []));
}

/** Both checks of one built extension folder: [{check, ok, lines}]. */
export function checkExtension(dir, expected) {
  const name = path.basename(dir);
  const browser = name.split('-')[0];
  const manifestFile = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    const lines = [`no manifest.json in ${dir} (build it first)`];
    return [{ check: `${name} manifest`, ok: false, lines }, { check: `${name} code`, ok: false, lines }];
  }
  const manifest = localizeManifest(JSON.parse(fs.readFileSync(manifestFile, 'utf8')), dir);
  const sizes = contentScriptSizes(dir, manifest);
  const problems = [
    ...compareManifest(manifest, expected, browser),
    ...iconFileProblems(dir, manifest),
    ...contentScriptSizeProblems(sizes, expected.content_script_max_gzip_bytes),
  ];
  const results = [{
    check: `${name} manifest`,
    ok: problems.length === 0,
    lines: problems.length ? problems : [
      `permissions ${asSet(manifest.permissions).join(', ')}; optional ${asSet(manifest.optional_permissions).join(', ') || 'none'}; hosts ${asSet(manifest.host_permissions).join(', ')}; content scripts on ${(manifest.content_scripts ?? []).flatMap((c) => c.matches).join(', ')}`,
      `icons ${Object.keys(manifest.icons).join(', ')} px; description ${manifest.description.length} characters${manifest.minimum_chrome_version ? `; Chrome ${manifest.minimum_chrome_version}+` : ''}`,
      `content scripts gzipped: ${sizes.map((s) => `${s.file} ${s.bytes} B`).join(', ')} (budget ${expected.content_script_max_gzip_bytes} B each)`,
    ],
  }];
  const { findings, counts } = scanFolder(dir);
  const read = `${counts.scripts} scripts, ${counts.pages} pages, ${counts.styles} stylesheets`;
  if (counts.scripts === 0) {
    results.push({ check: `${name} code`, ok: false, lines: [`no script files in ${dir}: nothing was checked`] });
  } else {
    results.push({
      check: `${name} code`,
      ok: findings.length === 0,
      lines: findings.length
        ? findings.map((f) => `${f.file}:${f.line}:${f.col} ${f.rule}: …${f.snippet}…`)
        : [`${read}: no eval, Function, string timers, script injection or remote code`],
    });
  }
  return results;
}

/** Every file of a built folder: path → bytes. */
export function folderFiles(dir) {
  return new Map(listFiles(dir).map((file) => [file.replaceAll('\\', '/'), fs.readFileSync(path.join(dir, file))]));
}

/** Every file of a zip: path → bytes. */
export async function zipFiles(file) {
  const zip = await JSZip.loadAsync(fs.readFileSync(file));
  const files = new Map();
  for (const entry of Object.values(zip.files)) if (!entry.dir) files.set(entry.name, await entry.async('nodebuffer'));
  return files;
}

/** How a store package differs from the build it was made from ([] when it holds exactly the build). */
export function packageProblems(built, packed) {
  const problems = [];
  for (const [file, bytes] of built) {
    if (!packed.has(file)) problems.push(`${file}: in the build, not in the package`);
    else if (!packed.get(file).equals(bytes)) problems.push(`${file}: differs from the build`);
  }
  for (const file of packed.keys()) if (!built.has(file)) problems.push(`${file}: in the package, not in the build`);
  return problems;
}

/**
 * The store package `wxt zip` made of a built folder (<name>-<version>-<browser>.zip, WXT's name):
 * it holds exactly the build, file for file, and its manifest's version is package.json's.
 */
export async function checkPackage(dir, outDir, pkg) {
  const browser = path.basename(dir).split('-')[0];
  const zip = path.join(outDir, `${pkg.name}-${pkg.version}-${browser}.zip`);
  const check = `${path.basename(dir)} package`;
  if (!fs.existsSync(zip) || !fs.existsSync(path.join(dir, 'manifest.json'))) {
    return { check, ok: false, lines: [`not found: ${fs.existsSync(zip) ? dir : zip} (run \`wxt zip${browser === 'chrome' ? '' : ` -b ${browser} --mv3`}\`)`] };
  }
  const [built, packed] = [folderFiles(dir), await zipFiles(zip)];
  const problems = packageProblems(built, packed);
  const version = JSON.parse(built.get('manifest.json')).version;
  if (version !== pkg.version) problems.push(`manifest version ${version}, package.json ${pkg.version}`);
  return {
    check,
    ok: problems.length === 0,
    lines: problems.length ? problems : [`${path.basename(zip)}: the ${built.size} files of the build, identical; version ${version}`],
  };
}

async function main(args) {
  const outDir = path.resolve(ROOT, process.env.WEFT_OUT_DIR ?? '.output');
  const dirs = args.length ? args.map((d) => path.resolve(d)) : ['chrome-mv3', 'firefox-mv3'].map((d) => path.join(outDir, d));
  const expected = JSON.parse(fs.readFileSync(EXPECTED_PATH, 'utf8'));
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  let passed = 0;
  let failed = 0;
  for (const dir of dirs) {
    // The store packages are checked with the builds in the output folder (`npm test`).
    const results = [...checkExtension(dir, expected), ...(args.length ? [] : [await checkPackage(dir, outDir, pkg)])];
    for (const r of results) {
      if (r.ok) passed += 1; else failed += 1;
      console.log(`${r.ok ? 'PASS' : 'FAIL'} ${r.check}`);
      for (const line of r.lines) console.log(`     ${line}`);
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
