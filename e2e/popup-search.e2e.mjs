// The popup's Search tab: search-as-you-type over OpenAlex autocomplete, the keyboard flow, the
// researcher view, and its error and budget states.
//
// Hooks (docs/test-contract.md, Popup; README "e2e"): the search input `[data-weft=search]`; one
// `[data-weft-result="researcher:<A id>" | "paper:<arXiv id or W id>"]` per result (role=option,
// inside role=listbox, the input's aria-activedescendant names the highlighted one). The
// researcher view is `[data-weft-researcher="<A id>"]` with `data-state` (loading | ready |
// error), `[data-weft-field=name|h-index|cited-by|works|last-known|positions|recent-papers|
// co-authors|source]`, `[data-weft-position=first|middle|last][data-count]`,
// `[data-weft-recent-paper=<arXiv id or W id>]`, `[data-weft-coauthor=<A id>]`; failures are
// `[data-weft-failure=<kind>]` (role=alert), with `[data-weft-action=retry]` when retrying helps.

import { launch, sleep, until, deepText, xssProbe, screenshot, publishScreenshot, POPUP_CLIP, shows } from './harness.mjs';
import { FakeApis, buildCatalog, OA_HOST, XSS } from './fake-apis.mjs';
import { absPage, makeAuthors } from './pages.mjs';

const ID = '2406.05546';
const TITLE = 'Training Through Failure: Consistency Trade-offs in Parallel Parameter Servers';

function scenario({ n = 4, seed = 21, twists = {}, xssAuthor = null } = {}) {
  const authors = makeAuthors(n, 3);
  const catalog = buildCatalog({ arxivId: ID, title: TITLE, authors, seed, xssAuthor });
  const fake = new FakeApis(catalog, { pages: { [ID]: absPage({ id: ID, title: TITLE, authors }) }, twists });
  return { authors, catalog, fake };
}

/** Open the popup (as a tab, like the acceptance suite) and wait for the search box. */
async function openPopup(s) {
  const popup = await s.open(`chrome-extension://${s.extensionId}/popup.html`);
  await popup.locator('[data-weft="search"]').waitFor({ timeout: 5000 });
  return popup;
}

const resultIds = (popup) => popup.evaluate(() => [...document.querySelectorAll('[data-weft-result]')].map((e) => e.getAttribute('data-weft-result')));

/** Autocomplete requests the fake saw since t, as [entity, q]. */
function autocompleteCalls(fake, since) {
  return fake.apiRequests(since)
    .filter((r) => r.host === OA_HOST && r.path.startsWith('/autocomplete/'))
    .map((r) => [r.path.split('/')[2], new URL(r.url).searchParams.get('q')]);
}

/** Wait until the results are exactly `want` (in order). */
async function waitForResults(popup, want, what) {
  let last = [];
  try {
    await until(async () => {
      last = await resultIds(popup);
      return JSON.stringify(last) === JSON.stringify(want);
    }, { timeout: 10_000, what });
  } catch (e) {
    throw new Error(`${e.message}; results: ${JSON.stringify(last)}, expected ${JSON.stringify(want)}`);
  }
}

async function waitForResearcher(popup, id, state = 'ready') {
  const sel = `[data-weft-researcher="${id}"]`;
  await until(async () => (await popup.locator(sel).getAttribute('data-state').catch(() => null)) === state, {
    timeout: 10_000, what: `${sel} to be ${state}`,
  });
  return popup.locator(sel);
}

/**
 * The URL a tab opened by the extension shows. Such a tab starts loading before Playwright's
 * routes attach to it, so its first load can miss the fake and fail (chrome-error); reloading
 * retries the same URL, now routed.
 */
async function openedUrl(tab) {
  await tab.waitForLoadState('domcontentloaded');
  if (tab.url().startsWith('chrome-error:')) await tab.reload({ waitUntil: 'domcontentloaded' });
  return tab.url();
}

const fieldText = async (view, name) => deepText(view.locator(`[data-weft-field="${name}"]`).first());

export const tests = [
  {
    name: 'the search box has focus; a settled query shows researchers then papers, from 2 requests, and 0 when asked again',
    fn: async () => {
      const sc = scenario();
      const s = await launch(sc.fake);
      const popup = await openPopup(s);
      const focused = await popup.evaluate(() => document.activeElement?.getAttribute('data-weft'));
      if (focused !== 'search') throw new Error(`focus is on ${JSON.stringify(focused)}, not the search box`);

      const person = sc.catalog.people[1];
      const surname = person.name.split(' ').pop();
      const t0 = Date.now();
      await popup.locator('[data-weft="search"]').pressSequentially(surname.toLowerCase(), { delay: 25 });
      await waitForResults(popup, [`researcher:${person.openalexId}`], `the result for ${surname}`);
      const calls = autocompleteCalls(sc.fake, t0);
      const final = calls.filter(([, q]) => q === surname.toLowerCase());
      if (final.length !== 2) throw new Error(`${final.length} autocomplete requests for the settled query, expected 2: ${JSON.stringify(calls)}`);
      // Typing was faster than the debounce: (almost) none of the prefixes was asked for.
      if (calls.length - final.length > 2) throw new Error(`prefixes were searched while typing: ${JSON.stringify(calls)}`);
      const row = popup.locator(`[data-weft-result="researcher:${person.openalexId}"]`);
      const text = await deepText(row);
      if (!text.includes(person.name) || !text.includes(person.lastKnown.display_name) || !shows(text, person.works) || !shows(text, person.cited)) {
        throw new Error(`researcher result ${JSON.stringify(text)} lacks the name, institution, works ${person.works} or citations ${person.cited}`);
      }

      // a title word: the paper (by arXiv id) and its related works (by arXiv id too)
      await popup.locator('[data-weft="search"]').fill('training');
      const papers = [sc.catalog.openalex.work, ...sc.catalog.openalex.related].map((w) => `paper:${w.doi.split('arxiv.').pop()}`);
      await waitForResults(popup, papers, 'the papers matching "training"');
      const groups = await popup.evaluate(() => [...document.querySelectorAll('[role=listbox] [role=group]')].map((g) => g.textContent.slice(0, 10)));
      if (!groups[0]?.startsWith('Papers')) throw new Error(`groups ${JSON.stringify(groups)}, expected a "Papers" group`);
      await screenshot(popup, 'popup-search-results');

      // the same query again, from the cache
      const t1 = Date.now();
      await popup.keyboard.press('Escape');
      if ((await popup.locator('[data-weft="search"]').inputValue()) !== '') throw new Error('Escape did not clear the search box');
      await popup.locator('[data-weft="search"]').fill('training');
      await waitForResults(popup, papers, 'the cached results');
      await sleep(300);
      const again = autocompleteCalls(sc.fake, t1);
      if (again.length) throw new Error(`a repeated query asked OpenAlex again: ${JSON.stringify(again)}`);
    },
  },
  {
    name: 'typing from the moment the popup opens: no keystroke is lost while the popup renders',
    fn: async () => {
      const sc = scenario();
      const s = await launch(sc.fake);
      const person = sc.catalog.people[1];
      const typed = person.name.split(' ').pop().toLowerCase();
      const popup = await s.context.newPage();
      // A slow machine: the popup's scripts arrive 1 s late (held back at the network layer).
      const cdp = await s.context.newCDPSession(popup);
      cdp.on('Fetch.requestPaused', (e) => void sleep(1000).then(() => cdp.send('Fetch.continueRequest', { requestId: e.requestId })).catch(() => {}));
      await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/chunks/*.js' }] });
      await popup.goto(`chrome-extension://${s.extensionId}/popup.html`, { waitUntil: 'commit' });
      // As soon as a search box has focus (the page's own, before the script has run), type.
      await popup.waitForFunction(() => document.activeElement?.matches('[data-weft="search"]'), null, { polling: 5, timeout: 5000 });
      await popup.keyboard.type(typed.slice(0, 2));
      if (await popup.locator('.popup').count()) throw new Error('the popup rendered before its scripts were let through');
      await popup.keyboard.type(typed.slice(2));
      await waitForResults(popup, [`researcher:${person.openalexId}`], `the result for ${typed}`);
      const box = popup.locator('[data-weft="search"]');
      if ((await box.count()) !== 1) throw new Error(`${await box.count()} search boxes on the popup`);
      if ((await box.inputValue()) !== typed) throw new Error(`the box holds ${JSON.stringify(await box.inputValue())}, typed ${JSON.stringify(typed)}`);
      if (!(await box.evaluate((el) => el === document.activeElement))) throw new Error('the search box lost focus while the popup rendered');
    },
  },
  {
    name: 'keyboard: ↓ and Enter open a researcher in the popup (profile, positions, papers, co-authors); Back returns to the results',
    fn: async () => {
      const sc = scenario({ n: 4 });
      const s = await launch(sc.fake);
      const popup = await openPopup(s);
      const person = sc.catalog.people[0]; // first author of the paper
      const box = popup.locator('[data-weft="search"]');
      await box.fill(person.name.split(' ').pop());
      await waitForResults(popup, [`researcher:${person.openalexId}`], 'the researcher result');
      await popup.keyboard.press('ArrowDown');
      const active = await box.getAttribute('aria-activedescendant');
      const activeHook = active && await popup.locator(`#${active}`).getAttribute('data-weft-result');
      if (activeHook !== `researcher:${person.openalexId}`) throw new Error(`↓ highlighted ${JSON.stringify(activeHook)}`);
      await popup.keyboard.press('Enter');

      const view = await waitForResearcher(popup, person.openalexId);
      const problems = [];
      const name = await fieldText(view, 'name');
      if (!name.includes(person.name)) problems.push(`name ${JSON.stringify(name)}`);
      for (const [field, n] of [['h-index', person.h], ['cited-by', person.cited], ['works', person.works]]) {
        const t = await fieldText(view, field);
        if (!shows(t, n)) problems.push(`${field} ${JSON.stringify(t)} does not show ${n}`);
      }
      if (!(await fieldText(view, 'last-known')).includes(person.lastKnown.display_name)) problems.push('no last known institution');
      const counts = Object.fromEntries(await Promise.all(['first', 'middle', 'last'].map(async (k) => [k, await view.locator(`[data-weft-position="${k}"]`).getAttribute('data-count')])));
      if (JSON.stringify(counts) !== JSON.stringify({ first: '1', middle: '0', last: '0' })) problems.push(`positions ${JSON.stringify(counts)}, expected first on the one recent work`);
      if (!/1 most recent work|most recent work/.test(await fieldText(view, 'positions'))) problems.push('positions do not say how many works they count');
      const href = await view.locator(`[data-weft-recent-paper="${ID}"] a`).getAttribute('href').catch(() => null);
      if (href !== `https://arxiv.org/abs/${ID}`) problems.push(`recent paper links to ${JSON.stringify(href)}`);
      const coIds = await view.locator('[data-weft-coauthor]').evaluateAll((els) => els.map((e) => e.getAttribute('data-weft-coauthor')));
      const wantCo = sc.catalog.people.slice(1).map((p) => p.openalexId);
      if (JSON.stringify(coIds) !== JSON.stringify(wantCo)) problems.push(`co-authors ${JSON.stringify(coIds)}, expected ${JSON.stringify(wantCo)}`);
      if (!/OpenAlex/.test(await fieldText(view, 'source'))) problems.push('no source line');
      if (problems.length) throw new Error(`researcher view: ${problems.join('; ')}`);
      publishScreenshot(await screenshot(popup, 'popup-researcher', { clip: POPUP_CLIP }), 'popup-researcher');

      // a co-author opens on top; Back returns to the first, then to the results
      const co = sc.catalog.people[3];
      await view.locator(`[data-weft-coauthor="${co.openalexId}"]`).click();
      const coView = await waitForResearcher(popup, co.openalexId);
      const lastCount = await coView.locator('[data-weft-position="last"]').getAttribute('data-count');
      if (lastCount !== '1') throw new Error(`the last author's view counts ${lastCount} last-author works, expected 1`);
      await popup.getByRole('button', { name: /Back/ }).click();
      await waitForResearcher(popup, person.openalexId);
      await popup.keyboard.press('Escape'); // Escape in the view steps back too
      await until(async () => (await popup.locator('[data-weft-researcher]').count()) === 0, { timeout: 5000, what: 'the researcher view to close' });
      if ((await box.inputValue()) !== person.name.split(' ').pop()) throw new Error(`the query was not kept: ${JSON.stringify(await box.inputValue())}`);
      await waitForResults(popup, [`researcher:${person.openalexId}`], 'the results after Back');
      const focus = await popup.evaluate(() => document.activeElement?.getAttribute('data-weft'));
      if (focus !== 'search') throw new Error('focus did not return to the search box');
    },
  },
  {
    name: 'a paper result opens its arXiv page in a new tab; a pasted arXiv link opens at once without a search',
    fn: async () => {
      const sc = scenario();
      const s = await launch(sc.fake);
      const popup = await openPopup(s);
      await popup.locator('[data-weft="search"]').fill('consistency trade-offs');
      await waitForResults(popup, [`paper:${ID}`], 'the paper result');
      const [tab] = await Promise.all([
        s.context.waitForEvent('page', { timeout: 5000 }),
        popup.locator(`[data-weft-result="paper:${ID}"]`).click(),
      ]);
      const url = await openedUrl(tab);
      if (url !== `https://arxiv.org/abs/${ID}`) throw new Error(`the paper opened ${url}`);

      const t0 = Date.now();
      const [pasted] = await Promise.all([
        s.context.waitForEvent('page', { timeout: 5000 }),
        popup.locator('[data-weft="search"]').evaluate((el, url) => {
          el.value = url;
          el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: url }));
        }, `https://arxiv.org/pdf/${ID}v1`),
      ]);
      const pastedUrl = await openedUrl(pasted);
      if (pastedUrl !== `https://arxiv.org/abs/${ID}v1`) throw new Error(`the pasted link opened ${pastedUrl}`);
      await sleep(400);
      const calls = autocompleteCalls(sc.fake, t0);
      if (calls.length) throw new Error(`a pasted arXiv link was searched for: ${JSON.stringify(calls)}`);
    },
  },
  {
    name: 'catalog text in results is shown as text, never as markup',
    fn: async () => {
      const sc = scenario({ xssAuthor: 2 });
      const s = await launch(sc.fake);
      const popup = await openPopup(s);
      const person = sc.catalog.people[2];
      await popup.locator('[data-weft="search"]').fill(person.name.split(' ').pop());
      await waitForResults(popup, [`researcher:${person.openalexId}`], 'the result');
      const text = await deepText(popup.locator(`[data-weft-result="researcher:${person.openalexId}"]`));
      if (!text.includes(XSS)) throw new Error(`the name is not shown literally: ${JSON.stringify(text)}`);
      const x = await popup.evaluate(xssProbe);
      if (x.imgs || x.pwned !== null) throw new Error(`markup was interpreted: ${JSON.stringify(x)}`);
    },
  },
  {
    name: 'search error: the message and a retry that brings the results once OpenAlex is back',
    fn: async () => {
      const sc = scenario({ twists: { down: 'openalex' } });
      const s = await launch(sc.fake);
      const popup = await openPopup(s);
      await popup.locator('[data-weft="search"]').fill('training');
      const retry = popup.locator('[data-weft-failure] [data-weft-action="retry"]');
      await retry.waitFor({ timeout: 15_000 });
      const alert = await deepText(popup.locator('[role=alert]').first());
      if (!/OpenAlex/.test(alert)) throw new Error(`error text ${JSON.stringify(alert)}`);
      if ((await resultIds(popup)).length) throw new Error('results shown next to the error');
      await screenshot(popup, 'popup-search-error');
      sc.fake.setTwists({ down: false });
      await retry.click();
      const papers = [sc.catalog.openalex.work, ...sc.catalog.openalex.related].map((w) => `paper:${w.doi.split('arxiv.').pop()}`);
      await waitForResults(popup, papers, 'results after retry');
    },
  },
  {
    name: 'spent OpenAlex budget: the researcher view keeps the profile and says when the budget resets and that a key lifts it',
    fn: async () => {
      const sc = scenario({ twists: { budgetSpent: true } });
      const s = await launch(sc.fake);
      const popup = await openPopup(s);
      const person = sc.catalog.people[1];
      await popup.locator('[data-weft="search"]').fill(person.name.split(' ').pop());
      await waitForResults(popup, [`researcher:${person.openalexId}`], 'the researcher result (autocomplete is free)');
      await popup.locator(`[data-weft-result="researcher:${person.openalexId}"]`).click();
      const view = await waitForResearcher(popup, person.openalexId);
      if (!shows(await fieldText(view, 'h-index'), person.h)) throw new Error('the profile (a free call) is missing');
      const notice = view.locator('[data-weft-failure="budget-exhausted"]');
      await notice.waitFor({ timeout: 5000 });
      const text = await deepText(notice);
      // In the last 90 minutes before the reset the wait is said in minutes.
      if (!/resets at .*\(in \d+ (h|min)\)/.test(text) || !/API key/.test(text)) throw new Error(`budget notice ${JSON.stringify(text)}`);
      if (await notice.locator('[data-weft-action="retry"]').count()) throw new Error('retry offered while the budget is spent');
      await screenshot(popup, 'popup-budget');
    },
  },
];
