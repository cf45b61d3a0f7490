/**
 * What a page sends is cut to the background's caps before it is sent (lib/shared/limits.ts):
 * a request over a cap is refused whole, so one overlong name or list would fail every badge
 * of its paper, or of a whole listing batch (docs/reliability.md, Messages). The authors left
 * out are shown as not loaded, and say why (notLoaded*).
 */
import { MAX_ENTRY_AUTHORS, MAX_NAME_CHARS, MAX_PAGE_AUTHORS } from '../shared/limits';
import { formatInteger } from './format';
import { t } from '../shared/i18n';

/** A name within MAX_NAME_CHARS, never cut inside a surrogate pair. */
export function capName(name: string): string {
  if (name.length <= MAX_NAME_CHARS) return name;
  const cut = name.charCodeAt(MAX_NAME_CHARS - 1);
  return name.slice(0, cut >= 0xd800 && cut <= 0xdbff ? MAX_NAME_CHARS - 1 : MAX_NAME_CHARS);
}

/** A paper's author list (`'paper'`) or a listing entry's (`'entry'`), as it may be sent. */
export function capNames(names: readonly string[], of: 'paper' | 'entry'): string[] {
  return names.slice(0, of === 'paper' ? MAX_PAGE_AUTHORS : MAX_ENTRY_AUTHORS).map(capName);
}

/**
 * Why an author past the cap has no badge figures: the badge and card say so. Two functions, not
 * one object, so each content script carries only its own (a content script must stay small).
 */
export const notLoadedPaper = () => t('notLoadedPaper', formatInteger(MAX_PAGE_AUTHORS));
export const notLoadedEntry = () => t('notLoadedEntry', formatInteger(MAX_ENTRY_AUTHORS));
