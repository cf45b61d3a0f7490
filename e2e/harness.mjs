// End-to-end harness: launches Chromium with the built extension and a FakeApis, waits for the
// network interception to be live, and offers bounded waits and probes on Weft's data-weft-* hooks.
//
// Every browser launched here is tracked; closeAll() (called by e2e/run.mjs after every test and
// on exit) closes them, and kills them by PID when closing hangs.
/* global chrome -- evaluated in the extension's service worker */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CANARY_URL } from './fake-apis.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEFT_OUT_DIR (as in wxt.config.ts) lets a test run use a build in another folder.
export const EXT_DIR = path.join(path.resolve(ROOT, process.env.WEFT_OUT_DIR ?? '.output'), 'chrome-mv3');
export const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts');
/** The popup's own size (it is opened as a tab, 1280 wide): what a screenshot of it should show. */
export const POPUP_CLIP = { x: 0, y: 0, width: 400, height: 560 };
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Problems that make every browser test impossible (empty when ready to run). */
export function prerequisiteProblems() {
  const out = [];
  if (!fs.existsSync(path.join(EXT_DIR, 'manifest.json'))) out.push(`the extension is not built: no ${path.relative(ROOT, EXT_DIR)}/manifest.json (run \`npm run build\`)`);
  if (!fs.existsSync(chromiumPath())) out.push(`no Chromium at ${chromiumPath()} (install it, e.g. \`apt-get install chromium\`, or set CHROMIUM_PATH)`);
  return out;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Reject when p does not settle within ms. */
export function withTimeout(p, ms, what) {
  let t;
  return Promise.race([p, new Promise((_, rej) => { t = setTimeout(() => rej(new Error(`${what}: nothing after ${ms} ms`)), ms); })])
    .finally(() => clearTimeout(t));
}

/** Poll fn until it returns a truthy value; throws `what` (with the last value) after ms. */
export async function until(fn, { timeout = 10_000, every = 100, what = 'condition' } = {}) {
  const end = Date.now() + timeout;
  let last;
  let lastErr;
  for (;;) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      if (e?.fatal) throw e; // a condition that can no longer come true
      lastErr = e;
    }
    if (Date.now() >= end) {
      const detail = lastErr ? ` (last error: ${String(lastErr.message).split('\n')[0]})` : '';
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${detail}`);
    }
    await sleep(every);
  }
}

/**
 * The browsers and temporary profiles one browser's harness has open (Chromium's here, Firefox's
 * in firefox/harness.mjs), so that nothing outlives a test: `closeAll()` after each one (killing a
 * browser by PID when closing hangs), `killAll()` on exit.
 */
export function browserTracker(prefix) {
  const live = new Set();
  const profiles = new Set();
  return {
    /** A fresh temporary profile directory (removed by closeAll()). */
    profile() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      profiles.add(dir);
      return dir;
    },
    opened: (session) => void live.add(session),
    /** Closes a session's browser through `closing` (its own close call), by PID if that hangs. */
    async close(session, closing) {
      live.delete(session);
      try {
        await withTimeout(closing(), 10_000, 'browser close');
      } catch {
        if (session.pid) try { process.kill(session.pid, 'SIGKILL'); } catch { /* already gone */ }
      }
    },
    async closeAll() {
      await Promise.all([...live].map((s) => s.close()));
      for (const dir of profiles) fs.rmSync(dir, { recursive: true, force: true });
      profiles.clear();
    },
    /** Synchronous last resort (process exit, signals): SIGKILL every browser started. */
    killAll() {
      for (const s of live) if (s.pid) try { process.kill(s.pid, 'SIGKILL'); } catch { /* gone */ }
      live.clear();
      for (const dir of profiles) try { fs.rmSync(dir, { recursive: true, force: true }); } catch { /* busy */ }
    },
  };
}

const browsers = browserTracker('weft-e2e-');

/** A fresh temporary profile directory (removed by closeAll()). */
export const newProfile = () => browsers.profile();

function browserPid(profileDir) {
  try {
    return Number(fs.readlinkSync(path.join(profileDir, 'SingletonLock')).split('-').pop()) || null;
  } catch {
    return null;
  }
}

/**
 * Launch Chromium with the extension and the fake APIs on `profileDir` (a fresh one by default).
 * Waits until the extension's service worker runs and its fetches reach the fake.
 * `extension: false` launches the same browser without Weft (for baselines); `extDir` loads
 * another build of it (the pseudo-locale one, scripts/pseudo-locale.mjs).
 * @returns {Promise<Session>}
 */
export async function launch(fake, options = {}) {
  const { profileDir = newProfile(), viewport = { width: 1280, height: 800 }, initScripts = [], extension = true, keepWelcome = false, extDir = EXT_DIR, starts = 1 } = options;
  // A profile never started before: Weft is installed in it now, and opens its first-run page.
  const fresh = !fs.existsSync(path.join(profileDir, 'Default'));
  const args = [
    ...(extension ? [`--disable-extensions-except=${extDir}`, `--load-extension=${extDir}`] : []),
    '--no-first-run', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--disable-quic', '--disable-gpu',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  ];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath(), headless: true, viewport, args, timeout: 30_000,
  });
  const s = new Session(context, profileDir, fake);
  browsers.opened(s);
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  await fake.install(context);
  for (const script of initScripts) await context.addInitScript(script);
  if (!extension) return s; // a baseline browser without Weft
  const isExt = (w) => w.url().startsWith('chrome-extension://');
  s.sw = context.serviceWorkers().find(isExt)
    ?? await context.waitForEvent('serviceworker', { predicate: isExt, timeout: 10_000 }).catch(() => null);
  if (!s.sw) throw new Error('the extension service worker did not start within 10 s');
  s.extensionId = new URL(s.sw.url()).host;
  // Chromium 156 loading the unpacked build (--load-extension) gave the extension, in about one
  // start in five, no messages for the whole session, everywhere (even `@@ui_locale` was ""),
  // while its manifest was localised; the next start had them. Weft's UI is all messages: start
  // again, at most twice, rather than test an empty UI.
  if (!(await s.sw.evaluate(() => chrome.i18n.getMessage('@@ui_locale')))) {
    if (starts >= 3) throw new Error('the extension had no messages (i18n.getMessage gave "") in three browser starts');
    await s.close();
    if (fresh) fs.rmSync(path.join(profileDir, 'Default'), { recursive: true, force: true });
    return launch(fake, { ...options, profileDir, starts: starts + 1 });
  }
  // On a relaunched profile, interception attaches to the running worker a little late: wait
  // until a fetch from the worker is answered by our route before letting the test navigate.
  await until(async () => {
    const st = await withTimeout(s.sw.evaluate((u) => fetch(u, { cache: 'no-store' }).then((r) => r.status, () => 0), CANARY_URL), 3000, 'canary fetch');
    return st === 204;
  }, { timeout: 8000, every: 25, what: 'the fake APIs to intercept the service worker' });
  // The first-run tab, closed unless the test is about it: tests expect only the tabs they open.
  if (fresh && !keepWelcome) {
    const welcome = await until(() => context.pages().find(isWelcome), { timeout: 5000, what: 'the first-run page of a fresh install' }).catch(() => null);
    await welcome?.close();
  }
  return s;
}

/** Is `page` Weft's first-run page (opened on install)? */
export const isWelcome = (page) => /^chrome-extension:\/\/[^/]+\/welcome\.html/.test(page.url());

/** Close a session's browser and launch again on the same profile ("warm"). */
export async function relaunch(s, opts = {}) {
  await s.close();
  return launch(s.fake, { ...opts, profileDir: s.profileDir });
}

export class Session {
  constructor(context, profileDir, fake) {
    this.context = context;
    this.profileDir = profileDir;
    this.fake = fake;
    this.pid = browserPid(profileDir);
    this.sw = null;
    this.extensionId = null;
  }

  /** Open a new tab on url (waits for DOMContentLoaded). */
  async open(url) {
    const page = await this.context.newPage();
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    return page;
  }

  close() {
    return browsers.close(this, () => this.context.close());
  }
}

/**
 * Opens Weft's real toolbar popup over `page`'s tab (`action.openPopup`, what the `_execute_action`
 * shortcut does) and returns a handle on it: `evaluate(fn, arg)` runs `fn(arg)` in the popup and
 * resolves its (JSON) result (so e2e/axe.mjs can check it as a page); `emulateColorScheme()`,
 * `type()`, `screenshot()`. Playwright does not attach to extension popups, so this speaks the
 * DevTools protocol to the popup's target through a session of `page`.
 */
export async function openToolbarPopup(s, page) {
  await page.bringToFront();
  const opened = await s.sw.evaluate(() => chrome.action.openPopup().then(() => null, (e) => e.message));
  if (opened) throw new Error(`action.openPopup failed: ${opened}`);
  const cdp = await s.context.newCDPSession(page);
  const popupUrl = `chrome-extension://${s.extensionId}/popup.html`;
  const target = await until(async () => (await cdp.send('Target.getTargets')).targetInfos.find((t) => t.url === popupUrl), { timeout: 5000, what: 'the toolbar popup' });
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
  let last = 0;
  const waiting = new Map();
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message);
    waiting.get(m.id)?.(m);
    waiting.delete(m.id);
  });
  const send = (method, params) => new Promise((resolve, reject) => {
    const id = ++last;
    waiting.set(id, resolve);
    // The popup closes when it loses focus (a new tab, a click elsewhere): its session goes with it.
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
  });
  return {
    /** Like Playwright's page.evaluate: a function (with one JSON argument) or an expression. */
    async evaluate(fn, arg) {
      const expression = typeof fn === 'string' ? fn : `(${fn})(${JSON.stringify(arg ?? null)})`;
      const m = await withTimeout(send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }), 10_000, 'an evaluation in the popup');
      if (m.error || m.result?.exceptionDetails) throw new Error(`in the popup: ${JSON.stringify(m.error ?? m.result.exceptionDetails.exception?.description)}`);
      return m.result.result.value;
    },
    /** The popup in the light or dark colour scheme. */
    async emulateColorScheme(scheme) {
      await send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: scheme }] });
    },
    /** Types `text` where the focus is, as the keyboard would. */
    async type(text) {
      await send('Input.insertText', { text });
    },
    /** A PNG of the popup as the browser draws it. */
    async screenshot() {
      const m = await send('Page.captureScreenshot', { format: 'png' });
      return Buffer.from(m.result.data, 'base64');
    },
    /** Closes the popup as a click elsewhere would; resolves once it is gone (a shown popup blocks the next openPopup). */
    async close() {
      send('Runtime.evaluate', { expression: 'window.close()' }).catch(() => {});
      await until(async () => !(await cdp.send('Target.getTargets')).targetInfos.some((t) => t.url === popupUrl), { timeout: 5000, what: 'the toolbar popup to close' });
    },
  };
}

/** Close every browser still open (kill when it does not close) and remove temporary profiles. */
export const closeAll = () => browsers.closeAll();

/** Synchronous last resort (process exit, signals): SIGKILL every browser we started. */
export const killAll = () => browsers.killAll();

// -------------------------------------------------------------------------------------------------
// Probes (evaluated in the page; each must be self-contained)

/** Every author badge: [{i, state, h, cited, works, oa, text, retry, count}] in document order (shadow roots included). */
export function badgeProbe() {
  const out = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.hasAttribute('data-weft-author')) {
        const sr = el.shadowRoot;
        const text = ((sr ? sr.textContent : '') + ' ' + el.textContent).replace(/\s+/g, ' ').trim();
        const retry = !!(sr?.querySelector('[data-weft-action="retry"]') || el.querySelector('[data-weft-action="retry"]'));
        out.push({
          i: el.getAttribute('data-weft-author'), tag: el.tagName.toLowerCase(), state: el.getAttribute('data-state'),
          h: el.getAttribute('data-h-index'), cited: el.getAttribute('data-cited-by'), works: el.getAttribute('data-works'),
          oa: el.getAttribute('data-openalex-id'), text, retry,
        });
      }
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return out;
}

/** Badges keyed by index (first occurrence), plus duplicates and strays. */
export async function badges(page) {
  const list = await withTimeout(page.evaluate(badgeProbe), 10_000, 'badge probe');
  const byIndex = new Map();
  const dups = [];
  for (const b of list) {
    if (byIndex.has(b.i)) dups.push(b.i); else byIndex.set(b.i, b);
  }
  return { list, byIndex, dups };
}

class NoBadges extends Error { fatal = true; }

/**
 * Wait until every index in `indices` has a badge whose state satisfies `ok(state)`.
 * Returns the last snapshot; throws with a tally of states on timeout.
 */
export async function waitForBadgeStates(page, indices, ok, { timeout = 15_000, what = 'badges' } = {}) {
  let snap;
  const t0 = Date.now();
  try {
    await until(async () => {
      snap = await badges(page);
      if (!snap.list.length && Date.now() - t0 > Math.min(timeout, 10_000)) throw new NoBadges();
      return indices.every((i) => { const b = snap.byIndex.get(String(i)); return b && ok(b.state); });
    }, { timeout, every: 100, what });
  } catch (e) {
    if (e instanceof NoBadges) throw new Error(`no [data-weft-author] badge appeared within ${Math.min(timeout, 10_000) / 1000} s`);
    const tally = {};
    for (const i of indices) { const st = snap?.byIndex.get(String(i))?.state ?? '(no badge)'; tally[st] = (tally[st] ?? 0) + 1; }
    const firstBad = indices.find((i) => !ok(snap?.byIndex.get(String(i))?.state));
    throw new Error(`${e.message}; states: ${JSON.stringify(tally)}; first not done: #${firstBad}`);
  }
  return snap;
}

/**
 * Follow page author i from their card (badge ready): open the card, click Follow, wait until
 * the card offers Unfollow and the badge is marked followed. Returns their OpenAlex id.
 */
export async function followFromCard(page, i) {
  await page.locator(`[data-weft-author="${i}"] button`).first().click();
  const follow = page.locator('[data-weft-card] [data-weft-action="follow"]');
  await follow.waitFor({ timeout: 5000 });
  await until(async () => !(await follow.isDisabled()), { timeout: 5000, what: 'the Follow button to know who is followed' });
  await follow.click();
  await page.locator('[data-weft-card] [data-weft-action="unfollow"]').waitFor({ timeout: 5000 });
  await until(async () => (await page.locator(`[data-weft-author="${i}"] .followed`).count()) === 1, { timeout: 5000, what: `badge #${i} to be marked followed` });
  return page.locator(`[data-weft-author="${i}"]`).getAttribute('data-openalex-id');
}

/**
 * Moves focus onto the element `target` matches as a reader does, with Tab from `from` (focus
 * a script moves does not count for Weft's controls: lib/ui/trusted.ts).
 */
export async function tabTo(page, from, target, { max = 40 } = {}) {
  await from.focus();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el.getRootNode().activeElement === el).catch(() => false)) return;
  }
  throw new Error(`${max} presses of Tab did not reach ${target}`);
}

/** Deep text of an element matched by a (shadow-piercing) locator, including its shadow root. */
export async function deepText(locator) {
  return locator.evaluate((el) => {
    let s = '';
    const walk = (n) => {
      if (n.nodeType === 3) { s += n.data; return; }
      if (n.nodeType !== 1 && n.nodeType !== 11) return;
      if (n.nodeType === 1 && /^(SCRIPT|STYLE|TEMPLATE)$/.test(n.tagName)) return;
      if (n.shadowRoot) walk(n.shadowRoot);
      for (const c of n.childNodes) walk(c);
    };
    walk(el);
    return s.replace(/\s+/g, ' ').trim();
  });
}

/** Text of #abs and the author links, with Weft's own elements left out (to check the page is intact). */
export function pageProbe() {
  const isWeft = (el) => el.tagName.toLowerCase().startsWith('weft-') || [...el.attributes].some((a) => a.name.startsWith('data-weft'));
  let s = '';
  const walk = (n) => {
    if (n.nodeType === 3) { s += n.data; return; }
    if (n.nodeType !== 1) return;
    if (isWeft(n) || /^(SCRIPT|STYLE)$/.test(n.tagName)) return;
    for (const c of n.childNodes) walk(c);
  };
  const abs = document.querySelector('#abs');
  if (abs) walk(abs);
  const links = [...document.querySelectorAll('#abs div.authors a')].filter((a) => !isWeft(a))
    .map((a) => ({ href: a.getAttribute('href'), text: a.textContent }));
  return { absText: s.replace(/\s+/g, ' ').trim(), links };
}

/** Is there an <img src="x"> anywhere (shadow roots included), and did the XSS payload run? */
export function xssProbe() {
  let imgs = 0;
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.tagName === 'IMG' && el.getAttribute('src') === 'x') imgs++;
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return { imgs, pwned: typeof window.__weftPwned === 'undefined' ? null : String(window.__weftPwned) };
}

// -------------------------------------------------------------------------------------------------
// Artifacts

/** Save a screenshot to e2e/artifacts/<name>.png; returns its path. */
export async function screenshot(page, name, opts = {}) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: file, ...opts });
  return file;
}

/** Copy a screenshot whose content a test has just checked to e2e/screenshots/ (committed, shown in the README). */
export function publishScreenshot(file, name) {
  const target = path.join(ROOT, 'e2e', 'screenshots', `${name}.png`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(file, target);
}

/** Does text show the number n as a user may see it: "12345", "12,345" (or a thin space), or "12.3k"? */
export function shows(text, n) {
  const t = text.replace(/[\u202f\u00a0\u2009]/g, ',').toLowerCase();
  const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n).toLowerCase();
  return [String(n), Number(n).toLocaleString('en-US'), compact].some((f) => new RegExp(`(^|[^\\d.,])${f.replace(/[.]/g, '\\.')}(?![\\d]|[.,]\\d)`).test(t));
}
