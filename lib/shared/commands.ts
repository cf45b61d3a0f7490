/**
 * Weft's keyboard shortcuts (the manifest's `commands`, wxt.config.ts): what each does, in the
 * words the settings and first-run pages show, and the keys Weft suggests. The reader changes
 * them in the browser's own shortcut settings; the pages show the keys the browser reports
 * (`commands.getAll`), never these suggestions.
 *
 * Alt+Shift+W and Alt+Shift+X, the first choices, are refused by Chromium (it leaves such a
 * command without a key): the e2e suite reads the keys the browser actually assigned.
 */

/** The browser's own name for "open the toolbar popup". */
export const OPEN_POPUP_COMMAND = '_execute_action';
/** Shows or hides everything Weft adds to the arXiv page in the current tab. */
export const TOGGLE_PAGE_COMMAND = 'toggle-page';

export type CommandName = typeof OPEN_POPUP_COMMAND | typeof TOGGLE_PAGE_COMMAND;

export const COMMANDS: Record<CommandName, { key: string; description: string }> = {
  [OPEN_POPUP_COMMAND]: { key: 'Alt+Shift+S', description: 'Open Weft’s search (the toolbar popup)' },
  [TOGGLE_PAGE_COMMAND]: { key: 'Alt+Shift+H', description: 'Show or hide Weft on the arXiv page in this tab' },
};

/** The manifest's `commands` entry. */
export function manifestCommands() {
  return Object.fromEntries(
    Object.entries(COMMANDS).map(([name, { key, description }]) => [name, { suggested_key: { default: key }, description }]),
  );
}
