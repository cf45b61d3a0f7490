/**
 * What an API key may look like, checked the same way where it is typed (the options page) and
 * where it arrives (the protocol). Loose on purpose: catalogs change their key formats.
 */
import { CATALOGS } from '../../catalog/catalogs';
import { SOURCE_NAMES, type SourceId } from '../../catalog/types';
import { t, type MessageKey } from '../i18n';

export type KeyService = SourceId;

export type ApiKeys = Record<KeyService, string>;

/** What the reader is told of each catalog's keys: the characters they are made of, and what one gives. */
export const KEY_MESSAGES = {
  openalex: { chars: 'keyCharsOpenAlex', help: 'keyHelpOpenAlex' },
  s2: { chars: 'keyCharsS2', help: 'keyHelpS2' },
} as const satisfies Record<KeyService, { chars: MessageKey; help: MessageKey }>;

export const MAX_KEY_LENGTH = 200;
const MIN_KEY_LENGTH = 8;


/** Whether `key` is already in the exact form Weft stores (trimmed, allowed characters, bounded). */
export function isApiKey(service: KeyService, key: string): boolean {
  return key.length >= MIN_KEY_LENGTH && key.length <= MAX_KEY_LENGTH && CATALOGS[service].key.chars.test(key);
}

/** A key as pasted (surrounding spaces ignored) → the key to store, or what is wrong with it. */
export function checkApiKey(service: KeyService, raw: string): { ok: true; key: string } | { ok: false; message: string } {
  const key = raw.trim();
  const name = SOURCE_NAMES[service];
  if (!key) return { ok: false, message: t('keyMissing', name) };
  if (/\s/.test(key)) return { ok: false, message: t('keySpaces', name) };
  if (key.length > MAX_KEY_LENGTH) return { ok: false, message: t('keyTooLong', name, MAX_KEY_LENGTH) };
  if (key.length < MIN_KEY_LENGTH) return { ok: false, message: t('keyTooShort', name) };
  if (!CATALOGS[service].key.chars.test(key)) return { ok: false, message: t('keyChars', name, t(KEY_MESSAGES[service].chars)) };
  return { ok: true, key };
}

/** "••••••••1a2b": enough to recognise a saved key, not enough to use it. */
export function maskKey(key: string): string {
  return `${'•'.repeat(8)}${key.slice(-4)}`;
}
