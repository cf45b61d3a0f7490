#!/usr/bin/env node
// Renders Weft's icon, assets/icon.svg, into public/icon/<size>.png for every size the build
// check requires (scripts/expected-manifest.json, `icon_sizes`); WXT lists those files as the
// manifest's `icons`, wxt.config.ts names them as the toolbar's `action.default_icon`. Each size
// is drawn from the vector (no downscaling), on a transparent ground. Rerun after changing the SVG:
//
//   node scripts/make-icons.mjs        (Chromium at /usr/bin/chromium or $CHROMIUM_PATH)

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SVG = path.join(ROOT, 'assets', 'icon.svg');
const OUT = path.join(ROOT, 'public', 'icon');
const { icon_sizes: SIZES } = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts', 'expected-manifest.json'), 'utf8'));

const svg = fs.readFileSync(SVG, 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--disable-gpu'] });
try {
  fs.mkdirSync(OUT, { recursive: true });
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(`<style>html,body{margin:0;background:transparent}img{display:block}</style><img width="${size}" height="${size}" src="${src}">`);
    await page.locator('img').evaluate((img) => img.decode());
    const file = path.join(OUT, `${size}.png`);
    await page.screenshot({ path: file, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`${path.relative(ROOT, file)} (${fs.statSync(file).size} B)`);
  }
} finally {
  await browser.close();
}
