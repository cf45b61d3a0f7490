// The message the background sends the offscreen document (Chrome's service worker has no
// DOMParser) and its validation there: what to read, and the sieve to apply.

import type { AnnouncementRead, Sieve } from '../announcement-model';
import type { AnnouncementFormat, Unreadable } from './announcement-text';

export const OFFSCREEN_READ = 'weft-offscreen-read';

export interface OffscreenRead {
  type: typeof OFFSCREEN_READ;
  format: AnnouncementFormat;
  url: string;
  text: string;
  sieve: Sieve;
}

export type OffscreenAnswer = AnnouncementRead | { unreadable: Unreadable };

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

export function isOffscreenRead(m: unknown): m is OffscreenRead {
  if (typeof m !== 'object' || m === null) return false;
  const r = m as Partial<OffscreenRead>;
  return r.type === OFFSCREEN_READ && (r.format === 'listing' || r.format === 'feed') && typeof r.url === 'string' && typeof r.text === 'string'
    && typeof r.sieve === 'object' && r.sieve !== null && isStrings(r.sieve.families) && Array.isArray(r.sieve.topics)
    && r.sieve.topics.every((t) => typeof t?.id === 'string' && isStrings(t.categories) && Array.isArray(t.terms) && t.terms.every(isStrings));
}
