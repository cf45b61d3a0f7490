/**
 * Weft's keyboard shortcuts as the browser has them (the reader may have changed or removed
 * them), and the way to the browser's own page for changing them.
 */
import { browser } from 'wxt/browser';
import { COMMANDS, type CommandName } from '@/lib/shared/commands';

/** Each command's key as the browser reports it ("Alt+Shift+S", "⌥⇧S"), or null when none is set. */
export type Shortcuts = Record<CommandName, string | null>;

export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

/** Chrome's shortcut settings: a page opens it with `tabs.create`, never with a link. */
export const CHROME_SHORTCUTS_URL = 'chrome://extensions/shortcuts';

export async function readShortcuts(): Promise<Shortcuts> {
  const all = await browser.commands.getAll();
  const key = (name: CommandName) => all.find((c) => c.name === name)?.shortcut || null;
  return Object.fromEntries(COMMAND_NAMES.map((name) => [name, key(name)])) as Shortcuts;
}

/**
 * Opens the browser's shortcut settings: Firefox's Manage Extension Shortcuts (Firefox 137 and
 * later can open it for an extension), else Chrome's page in a new tab.
 */
export async function openShortcutSettings(): Promise<void> {
  // Firefox's own API, absent from Chrome's types.
  const commands = browser.commands as typeof browser.commands & { openShortcutSettings?: () => Promise<void> };
  if (commands.openShortcutSettings) await commands.openShortcutSettings();
  else await browser.tabs.create({ url: CHROME_SHORTCUTS_URL });
}
