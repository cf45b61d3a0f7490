// @vitest-environment happy-dom
import { resumeTyping, SHELL_ID, takeShell } from './search-shell';

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
});
