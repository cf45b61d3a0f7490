// The Firefox harness: Debian's firefox-esr, headless, driven by puppeteer-core over WebDriver
// BiDi, with the built `.output/firefox-mv3` installed as a temporary add-on and every request
// answered by the Chromium suite's FakeApis through a local intercepting proxy (./proxy.mjs).
//
// Each profile is a fresh temporary folder whose NSS store trusts the proxy's test CA (certutil)
// and whose prefs send all traffic to the proxy. A restart on the same profile installs the
// add-on again: Firefox removes a temporary add-on at shutdown, and the prefs below keep its
// moz-extension UUID and its storage (IndexedDB, storage.local) across that, as for an add-on
// that stays installed.
//
// Firefox's WebDriver BiDi refuses to navigate to moz-extension:// pages unless started with
// -remote-allow-system-access, and reports no load events for them: openExtensionPage() starts
// the navigation and waits for the page itself.
/* global browser -- evaluated in the extension's pages */

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { ROOT, browserTracker, sleep, until, withTimeout } from '../harness.mjs';
import { CANARY_URL } from '../fake-apis.mjs';
import { startProxy } from './proxy.mjs';

export { sleep, until, withTimeout };
export const EXT_DIR = path.join(path.resolve(ROOT, process.env.WEFT_OUT_DIR ?? '.output'), 'firefox-mv3');
export const firefoxPath = () => process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
/** The add-on id of the Firefox build (wxt.config.ts, browser_specific_settings.gecko.id). */
const ADDON_ID = JSON.parse(fs.existsSync(path.join(EXT_DIR, 'manifest.json')) ? fs.readFileSync(path.join(EXT_DIR, 'manifest.json'), 'utf8') : '{}')
  .browser_specific_settings?.gecko?.id ?? 'weft@weft.invalid';
/** Fixed, so the extension's pages have a known address in every profile. */
export const EXTENSION_UUID = '5eb2c1f0-7a3d-4e8b-9c61-0d4f2a9b7e13';
export const extensionUrl = (page) => `moz-extension://${EXTENSION_UUID}/${page}`;

const hasCmd = (c) => spawnSync('sh', ['-c', `command -v ${c}`], { stdio: 'ignore' }).status === 0;

/** Problems that make every Firefox test impossible (empty when ready to run). */
export function prerequisiteProblems() {
  const out = [];
  if (!fs.existsSync(path.join(EXT_DIR, 'manifest.json'))) out.push(`the Firefox build is missing: no ${path.relative(ROOT, EXT_DIR)}/manifest.json (run \`npm run build:firefox\`)`);
  if (!fs.existsSync(firefoxPath())) out.push(`no Firefox at ${firefoxPath()} (install it, e.g. \`apt-get install firefox-esr\`, or set FIREFOX_PATH)`);
  if (!hasCmd('certutil')) out.push('no certutil, which trusts the test CA in each temporary profile (Debian: `apt-get install libnss3-tools`)');
  return out;
}

let proxy = null;
const browsers = browserTracker('weft-ff-e2e-');

/** A fresh temporary profile whose certificate store trusts the proxy's test CA. */
export async function newProfile() {
  proxy ??= await startProxy();
  const dir = browsers.profile();
  const ca = path.join(dir, 'weft-test-ca.pem');
  fs.writeFileSync(ca, proxy.caPem);
  execFileSync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']);
  execFileSync('certutil', ['-A', '-d', `sql:${dir}`, '-n', 'Weft e2e test CA', '-t', 'C,,', '-i', ca]);
  return dir;
}

function prefs() {
  return {
    // Everything through the proxy, localhost included; no DNS of Firefox's own.
    'network.proxy.type': 1,
    'network.proxy.http': '127.0.0.1',
    'network.proxy.http_port': proxy.port,
    'network.proxy.ssl': '127.0.0.1',
    'network.proxy.ssl_port': proxy.port,
    'network.proxy.no_proxies_on': '',
    'network.proxy.allow_hijacking_localhost': true,
    'network.trr.mode': 5,
    'network.dns.disablePrefetch': true,
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    'security.enterprise_roots.enabled': false,
    // The add-on's address and data survive its reinstall at each start (see the header).
    'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: EXTENSION_UUID }),
    'extensions.webextensions.keepUuidOnUninstall': true,
    'extensions.webextensions.keepStorageOnUninstall': true,
  };
}

/**
 * Launch Firefox with the add-on and `fake` behind the proxy, on `profileDir` (a fresh one by
 * default), with `extraPrefs` on top of the harness's. Resolves once a fetch from the extension
 * is answered by the fake.
 * @returns {Promise<Session>}
 */
export async function launch(fake, { profileDir, viewport = { width: 1280, height: 800 }, extraPrefs = {} } = {}) {
  profileDir ??= await newProfile();
  proxy.fake = fake;
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: firefoxPath(), headless: true, userDataDir: profileDir,
    args: ['-remote-allow-system-access'], extraPrefsFirefox: { ...prefs(), ...extraPrefs }, defaultViewport: viewport, timeout: 30_000,
  });
  const s = new Session(browser, profileDir, fake);
  browsers.opened(s);
  await browser.installExtension(EXT_DIR);
  s.control = await s.openExtensionPage('options.html');
  await until(async () => (await s.ext((u) => fetch(u, { cache: 'no-store' }).then((r) => r.status, () => 0), CANARY_URL)) === 204,
    { timeout: 10_000, every: 100, what: 'the fake APIs to answer the extension through the proxy' });
  return s;
}

/** Close a session's browser and launch again on the same profile ("warm"). */
export async function relaunch(s, opts = {}) {
  await s.close();
  return launch(s.fake, { ...opts, profileDir: s.profileDir });
}

export class Session {
  constructor(browser, profileDir, fake) {
    this.browser = browser;
    this.profileDir = profileDir;
    this.fake = fake;
    this.pid = browser.process()?.pid ?? null;
    /** An extension page kept open to reach the extension's APIs (ext()). */
    this.control = null;
  }

  /** Serve `fake` from now on (e.g. a catalog made from what this browser read of a page). */
  useFake(fake) {
    this.fake = fake;
    proxy.fake = fake;
  }

  /** Open a new tab on a web page (waits for DOMContentLoaded). */
  async open(url) {
    const page = await this.browser.newPage();
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 15_000 });
    return page;
  }

  /** Open one of the extension's pages (popup.html, options.html…) in a new tab. */
  async openExtensionPage(file) {
    const page = await this.browser.newPage();
    const url = extensionUrl(file);
    page.goto(url, { timeout: 0 }).catch(() => {}); // never settles for moz-extension: (see the header)
    await until(() => page.evaluate((u) => location.href === u && document.readyState !== 'loading', url), { timeout: 10_000, what: `${file} to load` });
    return page;
  }

  /** Evaluate fn(...args) in the extension's own context (its `browser` API), on the control page. */
  ext(fn, ...args) {
    return withTimeout(this.control.evaluate(fn, ...args), 10_000, 'an evaluation in the extension page');
  }

  /** The toolbar button's badge text, as the background set it. */
  toolbarBadge() {
    return this.ext(() => browser.action.getBadgeText({}));
  }

  close() {
    return browsers.close(this, () => this.browser.close());
  }
}

/** Close every browser still open (kill when it does not close) and remove temporary profiles. */
export const closeAll = () => browsers.closeAll();

/** Synchronous last resort (process exit, signals): SIGKILL every browser we started, stop the proxy. */
export function killAll() {
  browsers.killAll();
  void proxy?.stop().catch(() => {});
}

/** Stop the proxy (after the last test). */
export async function shutdown() {
  await closeAll();
  await proxy?.stop();
  proxy = null;
}

// Puppeteer's locators and waitForFunction build their checks with Function() inside the page,
// which the CSP of extension pages refuses under BiDi (Firefox ESR 140.12):
// these helpers act on an element handle, whose click and typing need no code of ours in the page.

/** Wait for a shadow-piercing selector (puppeteer's `>>>`) and click it. */
export async function click(page, selector) {
  const el = await page.waitForSelector(selector, { visible: true, timeout: 5000 });
  await el.click();
  await el.dispose();
}

/** Wait for a text field and type `value` into it, as the reader would (trusted key events). */
export async function fill(page, selector, value) {
  const el = await page.waitForSelector(selector, { visible: true, timeout: 5000 });
  await el.click({ count: 3 });
  await el.type(value);
  await el.dispose();
}
