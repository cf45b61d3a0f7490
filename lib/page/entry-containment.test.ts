// @vitest-environment happy-dom
import { containEntries } from './entry-containment';

let frames: (() => void)[] = [];
beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => (frames = []));
});
afterEach(() => vi.unstubAllGlobals());

/** An element laid out from `top` to `bottom` (px). */
function laidOut(tag: string, top: number, bottom: number, style = ''): HTMLElement {
  const element = document.createElement(tag);
  element.setAttribute('style', style);
  element.getBoundingClientRect = () => ({ top, bottom, height: bottom - top }) as DOMRect;
  return element;
}

/** A listing's dl of two entries, as arXiv lays it out: each title's top margin collapsed above its dd. */
function listing() {
  const dl = laidOut('dl', 0, 300);
  const entries = [laidOut('dd', 24.5, 100), laidOut('dd', 124.5, 300)];
  dl.append(laidOut('dt', 0, 20), entries[0]!, laidOut('dt', 100, 120), entries[1]!);
  document.body.replaceChildren(dl);
  return entries;
}

describe('entry containment', () => {
  it('lets the browser skip each entry in the next frame, keeping the room it took, a margin collapsed through its top included', () => {
    const entries = listing();
    containEntries(entries, new AbortController().signal);
    expect(entries[0]!.style.getPropertyValue('content-visibility')).toBe('');
    frames.forEach((frame) => frame());
    expect(entries.map((e) => [e.style.getPropertyValue('content-visibility'), e.style.getPropertyValue('contain-intrinsic-block-size')])).toEqual([
      ['auto', 'auto 80px'],
      ['auto', 'auto 180px'],
    ]);
  });

  it("lets the browser skip each list of entries whole too, its children and what follows it kept where they were: the heading's margin that collapsed through the list's top is set inside it", () => {
    // A day of a /pastweek listing, its heading inside the list; contained, the list's top rises
    // to its own margin (24 px, from 40) and the paragraph after it to 250 px (from 256).
    const day = laidOut('dl', 0, 0);
    const contained = () => day.style.getPropertyValue('content-visibility') === 'auto';
    day.getBoundingClientRect = () => ({ top: contained() ? 24 : 40 }) as DOMRect;
    const heading = laidOut('h3', 40, 60);
    const entry = laidOut('dd', 60, 240);
    const after = laidOut('p', 0, 0);
    after.getBoundingClientRect = () => ({ top: contained() ? 250 : 256 }) as DOMRect;
    day.append(heading, laidOut('dt', 60, 80), entry);
    document.body.replaceChildren(day, after);
    const abort = new AbortController();
    containEntries([entry], abort.signal);
    frames.forEach((frame) => frame());
    expect([day.style.getPropertyValue('content-visibility'), day.style.getPropertyValue('contain-intrinsic-block-size')]).toEqual(['auto', 'auto 222px']);
    expect([heading.style.getPropertyValue('margin-top'), entry.style.getPropertyValue('margin-bottom')]).toEqual(['16px', '6px']);
    abort.abort();
    expect([day.style.cssText, heading.style.cssText, entry.style.cssText]).toEqual(['', '', '']);
  });

  it("does not count an entry's own margins, which stay outside it", () => {
    const list = document.createElement('ol');
    const entries = [laidOut('li', 0, 50, 'margin-bottom: 10px'), laidOut('li', 60, 110, 'margin-bottom: 10px')];
    list.append(...entries);
    document.body.replaceChildren(list);
    containEntries(entries, new AbortController().signal);
    frames.forEach((frame) => frame());
    expect(entries.map((e) => e.style.getPropertyValue('contain-intrinsic-block-size'))).toEqual(['auto 50px', 'auto 50px']);
  });

  it('leaves an entry whose content overflows it as it is, which containment would clip', () => {
    const entries = listing();
    Object.defineProperties(entries[1]!, { scrollWidth: { value: 900 }, clientWidth: { value: 600 } });
    containEntries(entries, new AbortController().signal);
    frames.forEach((frame) => frame());
    expect(entries.map((e) => e.style.getPropertyValue('content-visibility'))).toEqual(['auto', '']);
  });

  it('gives the page back its entries as they were when Weft stops', () => {
    const entries = listing();
    entries[0]!.style.setProperty('color', 'red');
    const abort = new AbortController();
    containEntries(entries, abort.signal);
    frames.forEach((frame) => frame());
    abort.abort();
    expect([...entries, entries[0]!.parentElement!].map((e) => [e.style.getPropertyValue('content-visibility'), e.style.getPropertyValue('contain-intrinsic-block-size'), e.style.getPropertyValue('color')])).toEqual([
      ['', '', 'red'],
      ['', '', ''],
      ['', '', ''],
    ]);
  });
});
