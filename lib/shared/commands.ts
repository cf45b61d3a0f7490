/**
 * Weft's keyboard shortcuts (the manifest's `commands`, wxt.config.ts): what each does, in the
 * words the settings and first-run pages show, and the keys Weft suggests. The reader changes
 * them in the browser's own shortcut settings; the pages show the keys the browser reports
 * (`commands.getAll`), never these suggestions.
 *
 * Alt+Shift+W and Alt+Shift+X, the first choices, are refused by Chromium (it leaves such a
 * command without a key): the e2e suite reads the keys the browser actually assigned.
 */

import type { MessageKey } from './i18n';

/** The browser's own name for "open the toolbar popup". */
export const OPEN_POPUP_COMMAND = '_execute_action';
/** Shows or hides everything Weft adds to the arXiv page in the current tab. */
export const TOGGLE_PAGE_COMMAND = 'toggle-page';

export type CommandName = typeof OPEN_POPUP_COMMAND | typeof TOGGLE_PAGE_COMMAND;

/** Each command's key suggested and its description (a message: the browser shows it in its language). */
export const COMMANDS = {
  [OPEN_POPUP_COMMAND]: { key: 'Alt+Shift+S', description: 'commandOpenPopup' },
  [TOGGLE_PAGE_COMMAND]: { key: 'Alt+Shift+H', description: 'commandTogglePage' },
} as const satisfies Record<CommandName, { key: string; description: MessageKey }>;

/** The manifest's `commands` entry, each description a __MSG_ reference to _locales. */
export function manifestCommands() {
  return Object.fromEntries(
    Object.entries(COMMANDS).map(([name, { key, description }]) => [name, { suggested_key: { default: key }, description: `__MSG_${description}__` }]),
  );
}
