/**
 * popup.html carries a plain, autofocused search box (#search-shell) so the reader can type the
 * moment the popup opens: loading and rendering the popup's script takes tens of milliseconds
 * more. When the popup renders, the shell goes and what was typed moves to the real box.
 */
export const SHELL_ID = 'search-shell';

/** What the reader typed into the shell, with the caret, so typing resumes where it was. */
export interface Typed {
  value: string;
  start: number | null;
  end: number | null;
}

/** Removes the shell from `doc` and returns what was typed into it (null when there is no shell). */
export function takeShell(doc: Document): Typed | null {
  const shell = doc.getElementById(SHELL_ID) as HTMLInputElement | null;
  if (!shell) return null;
  const typed = { value: shell.value, start: shell.selectionStart, end: shell.selectionEnd };
  shell.remove();
  return typed;
}

/** Focuses the real box with the caret (or selection) where it was in the shell. */
export function resumeTyping(input: HTMLInputElement, typed: Typed): void {
  input.focus();
  const end = input.value.length;
  input.setSelectionRange(Math.min(typed.start ?? end, end), Math.min(typed.end ?? end, end));
}
