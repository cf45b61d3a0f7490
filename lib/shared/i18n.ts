/**
 * Every string Weft shows the reader, through the browsers' own i18n (docs/architecture.md,
 * "Strings"): the messages are public/_locales/<locale>/messages.json, English the default.
 * A key missing from the English messages fails type-checking; `i18n.test.ts` holds that every
 * message is used.
 */
import { browser } from 'wxt/browser';
import type en from '../../public/_locales/en/messages.json';

export type MessageKey = keyof typeof en;

/**
 * The browser's lookup, typed by the English messages above rather than by WXT's generated
 * `.wxt/types/i18n.d.ts` (stale until the next `wxt prepare` or build).
 */
const getMessage = (key: MessageKey, subs: string[]): string => (browser.i18n.getMessage as (key: string, subs: string[]) => string)(key, subs);

/** The message `key` in the browser's language, `$1`… replaced by `subs` in order. */
export const t = (key: MessageKey, ...subs: (string | number)[]): string => getMessage(key, subs.map(String));

/**
 * The language the messages are in, as a BCP 47 tag: the browser's UI language where Weft has
 * messages for it, English otherwise (which `uiLocale` cannot tell). Weft's pages and the hosts
 * of its UI on arXiv's pages say it in their `lang`, for screen readers and hyphenation.
 */
export const messagesLanguage = (): string => t('languageTag');

/** The browser's UI language, which numbers and dates follow as the messages do. */
export const uiLocale = (): string => browser.i18n.getUILanguage();
