/**
 * Weft's own pages say which language they are in, their messages' (docs/architecture.md,
 * "Strings"). Their HTML says English until the script runs; the popup's says it sooner
 * (public/popup-shell.js).
 */
import { messagesLanguage, t, type MessageKey } from '@/lib/shared/i18n';

/** Sets the page's language and, when given, its title. */
export function localisePage(title?: MessageKey): void {
  document.documentElement.lang = messagesLanguage();
  if (title) document.title = t(title);
}
