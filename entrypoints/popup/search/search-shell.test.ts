// @vitest-environment happy-dom
import fs from 'node:fs';
import path from 'node:path';
import { resumeTyping, SHELL_ID, takeShell } from './search-shell';

const ROOT = path.resolve(__dirname, '../../..');

afterEach(() => document.body.replaceChildren());

function shellWith(value: string, start: number, end = start) {
  const shell = Object.assign(document.createElement('input'), { id: SHELL_ID, type: 'search', value });
  document.body.append(shell);
  shell.focus();
  shell.setSelectionRange(start, end);
  return shell;
}

describe('the popup’s shell search box', () => {
  it('hands over what was typed and the caret, and leaves the page', () => {
    shellWith('graph neu', 5);
    expect(takeShell(document)).toEqual({ value: 'graph neu', start: 5, end: 5 });
    expect(document.getElementById(SHELL_ID)).toBeNull();
  });

  it('is absent once taken, or when the page has none', () => {
    expect(takeShell(document)).toBeNull();
  });

  it('puts focus and the selection back in the real box', () => {
    const real = Object.assign(document.createElement('input'), { value: 'graph neu' });
    document.body.append(real);
    resumeTyping(real, { value: 'graph neu', start: 2, end: 7 });
    expect(document.activeElement).toBe(real);
    expect([real.selectionStart, real.selectionEnd]).toEqual([2, 7]);
  });

  it('never puts the caret past the end of the real box’s text', () => {
    const real = Object.assign(document.createElement('input'), { value: 'ab' });
    document.body.append(real);
    resumeTyping(real, { value: 'abcdef', start: 6, end: null });
    expect([real.selectionStart, real.selectionEnd]).toEqual([2, 2]);
  });

  it('is labelled in the reader’s language before the popup’s script runs, its page too: the HTML holds no English for it', () => {
    const source = fs.readFileSync(path.join(ROOT, 'entrypoints/popup/index.html'), 'utf8').replace(/<link [^>]*>/g, '');
    const html = new DOMParser().parseFromString(source, 'text/html');
    const shell = html.getElementById(SHELL_ID)!;
    expect([shell.getAttribute('placeholder'), shell.getAttribute('aria-label')]).toEqual([null, null]);
    // A classic script right after it: it runs before the popup's module.
    expect([...html.querySelectorAll('script')].map((s) => s.getAttribute('src'))).toEqual(['/popup-shell.js', './main.tsx']);

    document.body.append(document.importNode(shell, true));
    vi.stubGlobal('chrome', { i18n: { getMessage: (key: string) => `«${key}»` } });
    new Function(fs.readFileSync(path.join(ROOT, 'public/popup-shell.js'), 'utf8'))();
    const box = document.getElementById(SHELL_ID) as HTMLInputElement;
    expect([box.placeholder, box.getAttribute('aria-label'), document.documentElement.lang]).toEqual(['«searchPlaceholder»', '«searchLabel»', '«languageTag»']);
    vi.unstubAllGlobals();
  });
});
