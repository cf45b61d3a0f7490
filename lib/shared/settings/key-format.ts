/**
 * What an API key may look like, checked the same way where it is typed (the options page) and
 * where it arrives (the protocol). Loose on purpose: catalogs change their key formats.
 */
import { SOURCE_NAMES, type SourceId } from '../../catalog/types';

export type KeyService = SourceId;

export type ApiKeys = Record<KeyService, string>;

export const MAX_KEY_LENGTH = 200;
const MIN_KEY_LENGTH = 8;

/** OpenAlex issues letters and digits (some with - or _); S2 keys are letters and digits. */
const KEY_CHARS: Record<KeyService, RegExp> = { openalex: /^[A-Za-z0-9_.-]+$/, s2: /^[A-Za-z0-9]+$/ };
const ALLOWED: Record<KeyService, string> = { openalex: 'letters, digits, “-”, “_” and “.”', s2: 'letters and digits' };

/** Whether `key` is already in the exact form Weft stores (trimmed, allowed characters, bounded). */
export function isApiKey(service: KeyService, key: string): boolean {
  return key.length >= MIN_KEY_LENGTH && key.length <= MAX_KEY_LENGTH && KEY_CHARS[service].test(key);
}

/** A key as pasted (surrounding spaces ignored) → the key to store, or what is wrong with it. */
export function checkApiKey(service: KeyService, raw: string): { ok: true; key: string } | { ok: false; message: string } {
  const key = raw.trim();
  const name = SOURCE_NAMES[service];
  if (!key) return { ok: false, message: `Paste your ${name} API key first.` };
  if (/\s/.test(key)) return { ok: false, message: `${name} API keys have no spaces or line breaks inside; check that you copied only the key.` };
  if (key.length > MAX_KEY_LENGTH) return { ok: false, message: `That is longer than any ${name} API key (at most ${MAX_KEY_LENGTH} characters).` };
  if (key.length < MIN_KEY_LENGTH) return { ok: false, message: `That is too short to be a ${name} API key; check that you copied all of it.` };
  if (!KEY_CHARS[service].test(key)) return { ok: false, message: `${name} API keys have only ${ALLOWED[service]}; check that you copied only the key.` };
  return { ok: true, key };
}

/** "••••••••1a2b": enough to recognise a saved key, not enough to use it. */
export function maskKey(key: string): string {
  return `${'•'.repeat(8)}${key.slice(-4)}`;
}
