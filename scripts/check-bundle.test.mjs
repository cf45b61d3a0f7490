import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { EXPECTED_PATH, checkExtension, checkPackage, compareManifest, contentScriptSizeProblems, iconFileProblems, packageProblems, pngSize, scanPage, scanScript, scanStyle } from './check-bundle.mjs';

const expected = JSON.parse(fs.readFileSync(EXPECTED_PATH, 'utf8'));
const rules = (found) => found.map((f) => f.rule);

const ICONS = Object.fromEntries(expected.icon_sizes.map((size) => [size, `icon/${size}.png`]));

/** The first bytes of a PNG of width × height (all the check reads). */
function png(width, height = width) {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}
/** The icon files of a build: each expected size, right. */
const iconFiles = () => Object.fromEntries(Object.entries(ICONS).map(([size, file]) => [file, png(Number(size))]));

/** A manifest as the expected list allows it, for `browser`. */
function goodManifest(browser = 'chrome') {
  return {
    manifest_version: 3,
    default_locale: 'en',
    name: 'Weft',
    description: 'Author profiles on arXiv pages.',
    icons: { ...ICONS },
    action: { default_title: 'Weft', default_icon: { ...ICONS } },
    ...(browser === 'firefox' ? {} : { minimum_chrome_version: expected.minimum_chrome_version }),
    permissions: browser === 'firefox' ? ['alarms', 'storage'] : ['alarms', 'storage', 'offscreen'],
    optional_permissions: ['notifications'],
    host_permissions: ['https://api.semanticscholar.org/*', 'https://api.openalex.org/*', 'https://arxiv.org/*'],
    optional_host_permissions: ['https://rss.arxiv.org/*'],
    background: browser === 'firefox' ? { scripts: ['background.js'] } : { service_worker: 'background.js' },
    incognito: 'not_allowed',
    commands: {
      _execute_action: { suggested_key: { default: 'Alt+Shift+S' }, description: 'Open Weft’s search' },
      'toggle-page': { suggested_key: { default: 'Alt+Shift+H' }, description: 'Show or hide Weft' },
    },
    content_scripts: [
      { matches: ['https://arxiv.org/abs/*'], run_at: 'document_start', js: ['content-scripts/arxiv-abs.js'] },
      { matches: ['https://arxiv.org/html/*'], run_at: 'document_start', js: ['content-scripts/arxiv-html.js'] },
      { matches: ['https://arxiv.org/search/*', 'https://arxiv.org/list/*', 'https://arxiv.org/catchup/*'], run_at: 'document_start', js: ['content-scripts/arxiv-lists.js'] },
    ],
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'weft@weft.invalid', data_collection_permissions: { required: ['searchTerms', 'browsingActivity'] } } } }
      : {}),
  };
}

describe('scanScript', () => {
  it.each([
    ['eval', 'a=1;eval("x")', 'eval'],
    ['window.eval', 'window.eval(code)', 'eval'],
    ['indirect eval', 'var r=(0,eval)(s)', 'indirect eval'],
    ['new Function', 'const f=new Function("a","return a")', 'Function constructor'],
    ['Function called without new', 'var g=Function("return this")()', 'Function constructor'],
    ['a string timer', 'setTimeout("alert(1)",10)', 'string passed to a timer'],
    ['createElement("script")', 'const s=document.createElement("script");', 'script element'],
    ["createElement('SCRIPT')", "d.createElement('SCRIPT')", 'script element'],
    ['createElementNS(…, `script`)', 'd.createElementNS(ns,`script`)', 'script element'],
    ['script markup', 'el.insertAdjacentHTML("beforeend","<script src=x></script>")', 'script markup'],
    ['document.write', 'document.write(html)', 'document.write'],
    ['a remote .src', 's.src="https://example.com/a.js"', 'remote src'],
    ['a protocol-relative src attribute', 's.setAttribute("src","//example.com/a.js")', 'remote src'],
    ['a CDN URL', 'const u="https://cdn.jsdelivr.net/npm/x"', 'script CDN'],
    ['importScripts of a URL', 'importScripts("https://example.com/sw.js")', 'importScripts() of a non-local script'],
    ['importScripts of a variable', 'importScripts(u)', 'importScripts() of a non-local script'],
    ['import() of a URL', 'await import("https://esm.example/m.js")', 'import() of a non-local script'],
    ['import() of a variable', 'import(url).then(f)', 'import() of a non-local script'],
    ['a Worker from a URL', 'new Worker("https://example.com/w.js")', 'new Worker() of a non-local script'],
  ])('finds %s', (_, code, rule) => {
    expect(rules(scanScript(code))).toContain(rule);
  });

  it.each([
    ['identifiers that merely contain the words', 'const evaluate=1,isFunction=x=>typeof x=="function";retrieval(1);'],
    ['a method named like a rule on another object', 'obj.importScripts2(1);x.doEval(2)'],
    ['local dynamic imports and workers', 'import("./chunks/a.js");import(\'/chunks/b.js\');new Worker("../w.js");importScripts("./bg.js")'],
    ['function-valued timers', 'setTimeout(()=>f(),10);setInterval(tick,1e3)'],
    ['links to web pages', 'const a=`https://openalex.org/${id}`,b="https://www.semanticscholar.org/paper/"+x'],
    ['createElement of other tags', 'document.createElement("div");h("scripts")'],
    ['the word eval in text', 'const msg="unsafe-eval is not allowed; Function is a keyword"'],
  ])('does not flag %s', (_, code) => {
    expect(scanScript(code)).toEqual([]);
  });
});

describe('scanPage and scanStyle', () => {
  it('flags remote and inline scripts, remote stylesheets and frames, inline handlers', () => {
    const html = [
      '<script src="https://cdn.example/x.js"></script>',
      '<script>alert(1)</script>',
      '<link rel="stylesheet" href="//fonts.example/f.css">',
      '<iframe src="http://example.com"></iframe>',
      '<button onclick="go()">Go</button>',
    ].join('\n');
    expect(rules(scanPage(html))).toEqual(['remote <script>', 'inline script', 'remote <link>', 'remote <iframe>', 'inline event handler']);
  });

  it('accepts what WXT emits: module scripts, preloads and stylesheets from the extension', () => {
    const html = `<!DOCTYPE html><html><head><script type="module" crossorigin src="/chunks/popup-1.js"></script>
      <link rel="modulepreload" crossorigin href="/chunks/format-2.js"><link rel="stylesheet" href="/assets/popup.css"></head>
      <body><a href="https://openalex.org">OpenAlex</a><div id="app"></div></body></html>`;
    expect(scanPage(html)).toEqual([]);
  });

  it('flags stylesheets that load from the network, not local url()s', () => {
    expect(rules(scanStyle('@import "https://fonts.example/a.css";.a{background:url(//x.example/i.png)}'))).toEqual([
      'remote resource in CSS',
      'remote resource in CSS',
    ]);
    expect(scanStyle('.a{background:url(/assets/i.png)}.b{mask:url("data:image/svg+xml,%3Csvg%3E")}')).toEqual([]);
  });
});

describe('compareManifest', () => {
  it('accepts the expected permissions in any order, for Chrome and Firefox', () => {
    expect(compareManifest(goodManifest('chrome'), expected, 'chrome')).toEqual([]);
    expect(compareManifest(goodManifest('firefox'), expected, 'firefox')).toEqual([]);
  });

  it.each([
    ['an extra permission', (m) => m.permissions.push('tabs'), 'permissions: unexpected tabs'],
    ['notifications made required', (m) => { m.permissions.push('notifications'); m.optional_permissions = []; }, 'permissions: unexpected notifications'],
    ['a missing optional permission', (m) => { m.optional_permissions = []; }, 'optional_permissions: missing notifications'],
    ['an extra host', (m) => m.host_permissions.push('<all_urls>'), 'host_permissions: unexpected <all_urls>'],
    ['optional hosts', (m) => { m.optional_host_permissions = ['https://*/*']; }, 'optional_host_permissions: unexpected https://*/*'],
    ['arXiv\'s feeds asked for at install', (m) => { m.host_permissions.push('https://rss.arxiv.org/*'); m.optional_host_permissions = []; }, 'host_permissions: unexpected https://rss.arxiv.org/*'],
    ['export.arxiv.org', (m) => m.host_permissions.push('https://export.arxiv.org/*'), 'host_permissions: unexpected https://export.arxiv.org/*'],
    ['no offscreen document for Chrome', (m) => { m.permissions = ['alarms', 'storage']; }, 'permissions: missing offscreen'],
    ['a wider content script', (m) => m.content_scripts[0].matches.push('https://arxiv.org/*'), 'content_scripts:'],
    ['a fourth content script', (m) => m.content_scripts.push({ matches: ['https://example.com/*'], js: ['x.js'] }), 'content_scripts:'],
    ['the HTML view\'s script on all of arxiv.org', (m) => { m.content_scripts[1].matches = ['https://arxiv.org/*']; }, 'content_scripts:'],
    ['the HTML view\'s script on its figures\' host too', (m) => m.content_scripts[1].matches.push('https://arxiv.org/html/*/x*.png'), 'content_scripts:'],
    ['a listing script on all of arxiv.org', (m) => { m.content_scripts[2].matches = ['https://arxiv.org/*']; }, 'content_scripts:'],
    ['a listing script on www.arxiv.org too', (m) => m.content_scripts[2].matches.push('https://www.arxiv.org/list/*'), 'content_scripts:'],
    ['no listing script', (m) => m.content_scripts.pop(), 'content_scripts:'],
    ['the abs page\'s script gone', (m) => m.content_scripts.shift(), 'content_scripts:'],
    ['a content script in every frame', (m) => { m.content_scripts[0].all_frames = true; }, 'content_scripts:'],
    ['a content script in the page world', (m) => { m.content_scripts[0].world = 'MAIN'; }, 'content_scripts:'],
    ['web-accessible resources', (m) => { m.web_accessible_resources = [{ resources: ['*'], matches: ['<all_urls>'] }]; }, 'web_accessible_resources:'],
    ['externally_connectable', (m) => { m.externally_connectable = { matches: ['https://example.com/*'] }; }, 'externally_connectable:'],
    ['a CSP allowing eval', (m) => { m.content_security_policy = { extension_pages: "script-src 'self' 'unsafe-eval'" }; }, 'content_security_policy:'],
    ['manifest version 2', (m) => { m.manifest_version = 2; }, 'manifest_version: 2'],
    ['Weft allowed in private windows (the default, "spanning")', (m) => { delete m.incognito; }, 'incognito: "spanning"'],
    ['a split incognito process', (m) => { m.incognito = 'split'; }, 'incognito: "split"'],
    ['a description over the stores\' 132 characters', (m) => { m.description = 'x'.repeat(133); }, 'description: 133 characters, at most 132'],
    ['no description', (m) => { delete m.description; }, 'description: missing'],
    ['no default locale', (m) => { delete m.default_locale; }, 'default_locale: missing'],
    ['a name whose message is missing', (m) => { m.name = '__MSG_extName__'; }, 'name: __MSG_extName__ is not in _locales/en/messages.json'],
    ['no icons', (m) => { delete m.icons; }, 'icons: sizes none'],
    ['an icon size missing', (m) => { delete m.icons[48]; }, 'icons: sizes 16, 32, 96, 128'],
    ['no toolbar icon', (m) => { delete m.action.default_icon; }, 'action.default_icon: sizes none'],
    ['no keyboard shortcuts', (m) => { delete m.commands; }, 'commands: {}'],
    ['a shortcut with another key', (m) => { m.commands['toggle-page'].suggested_key.default = 'Ctrl+H'; }, 'commands:'],
    ['a command more', (m) => { m.commands.extra = { description: 'x' }; }, 'commands:'],
    ['no minimum Chrome version', (m) => { delete m.minimum_chrome_version; }, 'minimum_chrome_version: missing'],
    ['a minimum Chrome version without AbortSignal.any', (m) => { m.minimum_chrome_version = '110'; }, 'minimum_chrome_version: 110'],
  ])('rejects %s', (_, change, message) => {
    const m = goodManifest();
    change(m);
    const problems = compareManifest(m, expected, 'chrome');
    expect(problems.some((p) => p.startsWith(message))).toBe(true);
  });

  it('accepts a later minimum Chrome version, and none on Firefox', () => {
    expect(compareManifest({ ...goodManifest(), minimum_chrome_version: '130' }, expected, 'chrome')).toEqual([]);
    expect(compareManifest(goodManifest('firefox'), expected, 'firefox')).toEqual([]);
  });

  it('requires a Firefox build to keep its gecko id and the declared data collection', () => {
    const noId = goodManifest('firefox');
    delete noId.browser_specific_settings.gecko.id;
    expect(compareManifest(noId, expected, 'firefox').join('\n')).toMatch(/gecko\.id: missing/);
    const more = goodManifest('firefox');
    more.browser_specific_settings.gecko.data_collection_permissions.required.push('websiteContent');
    expect(compareManifest(more, expected, 'firefox').join('\n')).toMatch(/data_collection_permissions/);
    const none = goodManifest('firefox');
    delete none.browser_specific_settings;
    expect(compareManifest(none, expected, 'firefox')).toHaveLength(2);
  });
});

describe('icon files', () => {
  let tmp;
  afterEach(() => tmp && fs.rmSync(tmp, { recursive: true, force: true }));

  it('reads a PNG\'s size, and nothing from other files', () => {
    expect(pngSize(png(48))).toEqual({ width: 48, height: 48 });
    expect(pngSize(png(32, 16))).toEqual({ width: 32, height: 16 });
    expect(pngSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(pngSize(Buffer.alloc(4))).toBeNull();
  });

  it('finds icons named but not built, not PNGs, or not the size they are named as', () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-icons-'));
    const files = iconFiles();
    delete files['icon/96.png'];
    files['icon/48.png'] = png(64);
    files['icon/32.png'] = Buffer.from('GIF89a');
    for (const [file, bytes] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
      fs.writeFileSync(path.join(tmp, file), bytes);
    }
    const m = goodManifest();
    m.action.default_icon = { 16: '/icon/16.png', 24: 'icon/24.png' };
    expect(iconFileProblems(tmp, m).sort()).toEqual([
      'icon icon/24.png: not in the build',
      'icon icon/32.png: not a PNG',
      'icon icon/48.png: 64×64, named as 48×48',
      'icon icon/96.png: not in the build',
    ]);
  });
});

/** The content scripts goodManifest names, small. */
const contentScripts = () => Object.fromEntries(goodManifest().content_scripts.flatMap((c) => c.js).map((f) => [f, 'console.log(1)']));

describe('contentScriptSizeProblems', () => {
  it('names a content script over the gzipped budget, and one missing from the build', () => {
    expect(contentScriptSizeProblems([{ file: 'content-scripts/a.js', bytes: 30_000 }], 30_000)).toEqual([]);
    expect(contentScriptSizeProblems([{ file: 'content-scripts/a.js', bytes: 30_001 }, { file: 'content-scripts/b.js', bytes: null }], 30_000)).toEqual([
      'content script content-scripts/a.js: 30001 bytes gzipped, over the 30000-byte budget',
      'content script content-scripts/b.js: not in the build',
    ]);
  });
});

describe('checkExtension and the command line', () => {
  let tmp;
  afterEach(() => tmp && fs.rmSync(tmp, { recursive: true, force: true }));

  /** Writes a built-extension folder `name` with the given files. */
  function folder(name, files) {
    tmp ??= fs.mkdtempSync(path.join(os.tmpdir(), 'weft-check-bundle-'));
    const dir = path.join(tmp, name);
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), typeof text === 'string' || Buffer.isBuffer(text) ? text : JSON.stringify(text));
    }
    return dir;
  }
  const cli = (...dirs) => spawnSync(process.execPath, [path.resolve('scripts/check-bundle.mjs'), ...dirs], { encoding: 'utf8' });

  it('passes a clean build and fails one with eval in a nested chunk, naming file and position', () => {
    const clean = folder('chrome-mv3', { ...iconFiles(), ...contentScripts(), 'manifest.json': goodManifest(), 'background.js': 'self.onmessage=()=>1', 'popup.html': '<script type="module" src="/chunks/p.js"></script>', 'chunks/p.js': 'export const p=1' });
    expect(checkExtension(clean, expected).map((r) => r.ok)).toEqual([true, true]);
    fs.writeFileSync(path.join(clean, 'chunks/p.js'), 'export const p=1;\nconst q=x=>eval(x)');
    const [manifest, code] = checkExtension(clean, expected);
    expect(manifest.ok).toBe(true);
    expect(code.ok).toBe(false);
    expect(code.lines[0]).toMatch(/^chunks\/p\.js:2:12 eval: /);
  });

  it('reads the name and description from the default locale\'s messages, and fails a key missing there', () => {
    const manifest = { ...goodManifest(), name: '__MSG_extName__', description: '__MSG_extDescription__' };
    const messages = { extName: { message: 'Weft' }, extDescription: { message: 'x'.repeat(133) } };
    const dir = folder('chrome-mv3', { ...iconFiles(), ...contentScripts(), 'manifest.json': manifest, '_locales/en/messages.json': messages, 'background.js': '1' });
    expect(checkExtension(dir, expected)[0].lines).toEqual(['description: 133 characters, at most 132']);
    fs.writeFileSync(path.join(dir, '_locales/en/messages.json'), JSON.stringify({ extName: { message: 'Weft' } }));
    expect(checkExtension(dir, expected)[0].lines).toContain('description: __MSG_extDescription__ is not in _locales/en/messages.json');
  });

  it('fails a folder without a manifest or without scripts rather than passing it unchecked', () => {
    const empty = folder('firefox-mv3', { ...iconFiles(), 'popup.html': '<p>hi</p>' });
    expect(checkExtension(empty, expected).map((r) => r.ok)).toEqual([false, false]);
    fs.writeFileSync(path.join(empty, 'manifest.json'), JSON.stringify(goodManifest('firefox')));
    const [manifest, code] = checkExtension(empty, expected);
    expect(manifest.lines).toContain('content script content-scripts/arxiv-abs.js: not in the build');
    expect(code.lines[0]).toMatch(/no script files/);
  });

  it('prints PASS/FAIL lines and the summary, and exits 1 on a failure', () => {
    const good = folder('chrome-mv3', { ...iconFiles(), ...contentScripts(), 'manifest.json': goodManifest(), 'background.js': 'console.log(1)' });
    const ok = cli(good);
    expect(ok.status).toBe(0);
    expect(ok.stdout.trim().split('\n').at(-1)).toBe('2 passed, 0 failed');
    const bad = folder('firefox-mv3', { ...iconFiles(), ...contentScripts(), 'manifest.json': { ...goodManifest('firefox'), permissions: ['storage', 'alarms', 'tabs'] }, 'background.js': 'importScripts("https://x.example/a.js")' });
    const failed = cli(good, bad);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/FAIL firefox-mv3 manifest\n\s+permissions: unexpected tabs/);
    expect(failed.stdout).toMatch(/FAIL firefox-mv3 code\n\s+background\.js:1:1 importScripts\(\) of a non-local script/);
    expect(failed.stdout.trim().split('\n').at(-1)).toBe('2 passed, 2 failed');
  });
});

describe('the store package', () => {
  let tmp;
  afterEach(() => tmp && fs.rmSync(tmp, { recursive: true, force: true }));
  const files = (o) => new Map(Object.entries(o).map(([k, v]) => [k, Buffer.from(v)]));

  it('names each file the package lacks, adds or holds otherwise than the build', () => {
    const built = files({ 'manifest.json': '{}', 'background.js': 'a', 'icon/16.png': 'p' });
    expect(packageProblems(built, files({ 'manifest.json': '{}', 'background.js': 'a', 'icon/16.png': 'p' }))).toEqual([]);
    expect(packageProblems(built, files({ 'manifest.json': '{}', 'background.js': 'b', 'notes.txt': 'x' }))).toEqual([
      'background.js: differs from the build',
      'icon/16.png: in the build, not in the package',
      'notes.txt: in the package, not in the build',
    ]);
  });

  it('reads the zip wxt makes next to the build, and fails a missing one or another version', async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-package-'));
    const dir = path.join(tmp, 'chrome-mv3');
    fs.mkdirSync(path.join(dir, 'icon'), { recursive: true });
    const build = { 'manifest.json': JSON.stringify({ version: '1.2.3' }), 'icon/16.png': 'png' };
    for (const [f, t] of Object.entries(build)) fs.writeFileSync(path.join(dir, f), t);
    const pkg = { name: 'weft', version: '1.2.3' };
    expect((await checkPackage(dir, tmp, pkg)).ok).toBe(false);
    const zip = new JSZip();
    for (const [f, t] of Object.entries(build)) zip.file(f, t);
    fs.writeFileSync(path.join(tmp, 'weft-1.2.3-chrome.zip'), await zip.generateAsync({ type: 'nodebuffer' }));
    expect(await checkPackage(dir, tmp, pkg)).toMatchObject({ ok: true, check: 'chrome-mv3 package' });
    expect((await checkPackage(dir, tmp, { ...pkg, version: '1.2.4' })).ok).toBe(false);
  });
});
