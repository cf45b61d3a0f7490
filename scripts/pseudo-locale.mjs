#!/usr/bin/env node
// A pseudo-locale build: Weft's messages lengthened by about 40 % and accented ("Fóllóẃ ··"),
// so a screenshot shows at once which text did not come through browser.i18n (it stays plain)
// and which layout breaks on longer words (docs/architecture.md, "Strings").
//
//   node scripts/pseudo-locale.mjs [from] [to]
//
// copies the built extension `from` (default <WEFT_OUT_DIR or .output>/chrome-mv3) to `to`
// (default the same folder with -pseudo) and writes the pseudo messages over its English ones,
// which the browser then shows in any UI language. e2e/pseudo-locale.e2e.mjs loads such a build.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const EN_MESSAGES = path.join(ROOT, 'public', '_locales', 'en', 'messages.json');

const ACCENTS = Object.fromEntries([...'aAcCeEiInNoOuUwWyY'].map((c, i) => [c, 'áÁçÇéÉíÍñÑóÓúÚẃẂýÝ'[i]]));
// What getMessage substitutes: $1…$9, $NAME$ placeholders and $$ (a dollar sign) stay as written.
const PLACEHOLDER = /(\$\d|\$\w+\$|\$\$)/;

/** One message pseudo-localised: letters accented outside placeholders, about 40 % longer. */
export function pseudo(message) {
  const text = message
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 ? part : [...part].map((c) => ACCENTS[c] ?? c).join('')))
    .join('');
  const visible = message.replace(new RegExp(PLACEHOLDER, 'g'), '').trim().length;
  return visible ? `${text} ${'·'.repeat(Math.max(1, Math.round(visible * 0.4)))}` : text;
}

/**
 * The messages that are no text: the pages' language tag (lib/extension-pages/page-language.ts)
 * becomes en-XA, the tag of Chromium's own accented pseudo-locale, so the e2e run sees the pages
 * take their language from the messages.
 */
export const PSEUDO_FIXED = { languageTag: 'en-XA' };

/** A messages.json object with every message pseudo-localised (descriptions and placeholders kept). */
export function pseudoMessages(messages) {
  return Object.fromEntries(Object.entries(messages).map(([key, m]) => [key, { ...m, message: PSEUDO_FIXED[key] ?? pseudo(m.message) }]));
}

/** Copies the build `from` to `to` with the pseudo messages in place of the English ones. */
export function writePseudoBuild(from, to) {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
  const messages = JSON.parse(fs.readFileSync(EN_MESSAGES, 'utf8'));
  fs.writeFileSync(path.join(to, '_locales', 'en', 'messages.json'), JSON.stringify(pseudoMessages(messages), null, 2));
  return to;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const from = path.resolve(process.argv[2] ?? path.join(ROOT, process.env.WEFT_OUT_DIR ?? '.output', 'chrome-mv3'));
  const to = path.resolve(process.argv[3] ?? `${from}-pseudo`);
  if (!fs.existsSync(path.join(from, 'manifest.json'))) {
    console.error(`no build in ${from} (run \`npm run build\` first)`);
    process.exit(1);
  }
  console.log(`pseudo-locale build: ${path.relative(ROOT, writePseudoBuild(from, to))}`);
}
