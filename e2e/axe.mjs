// axe-core (a third-party rule set) run in a page: the WCAG 2.0, 2.1 and 2.2 A and AA rules, plus
// label-content-name-mismatch (WCAG 2.5.3), which axe tags experimental and so leaves out of a
// tag run unless asked for.

import fs from 'node:fs';
import { createRequire } from 'node:module';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * The violations axe finds in `page`, one line each: `rule (impact): target | target …`.
 * `weftOnly`: check only Weft's shadow hosts (and what is inside their open shadow roots), not
 * the arXiv page around them; throws when the page has none (nothing would be checked).
 */
export async function axeViolations(page, { weftOnly = false } = {}) {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async ({ tags, weftOnly }) => {
    let context = document;
    if (weftOnly) {
      const isWeft = (el) => el.tagName.startsWith('WEFT-') || [...el.attributes].some((a) => a.name.startsWith('data-weft'));
      const hosts = [...document.querySelectorAll('*')].filter((el) => el.shadowRoot && isWeft(el));
      if (!hosts.length) return { none: true };
      context = { include: hosts };
    }
    const r = await window.axe.run(context, {
      runOnly: { type: 'tag', values: tags },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return { violations: r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.flat().join(' ')).join(' | ')}`) };
  }, { tags: WCAG_TAGS, weftOnly });
  if (result.none) throw new Error('no Weft element with a shadow root on the page: axe would check nothing');
  return result.violations;
}

/**
 * Runs axe in each colour scheme: `show(scheme)` puts the page in it (and waits for what must be
 * shown); returns every violation prefixed by the scheme and `what`.
 */
export async function axeInSchemes(page, what, show, opts) {
  const found = [];
  for (const scheme of ['light', 'dark']) {
    await show(scheme);
    for (const v of await axeViolations(page, opts)) found.push(`${what}, ${scheme}: ${v}`);
  }
  return found;
}
