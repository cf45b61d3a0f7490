/**
 * Catalog titles and names sometimes carry the publisher's inline markup (`<i>E. coli</i>`,
 * `H<sub>2</sub>O`, `&amp;`). Weft renders catalog text as text only; this turns that markup
 * into the words it wraps so the reader does not see tags. Anything else that looks like a
 * tag (`<img …>`) is left as it is and shows literally — it is never interpreted.
 */
const INLINE_TAG = /<\/?(?:i|b|em|strong|sub|sup|u|scp|sc|span|mml:[a-z]+)(?:\s[^<>]*)?\s*\/?>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function displayText(raw: string | null | undefined): string {
  if (!raw) return '';
  return raw
    .replace(INLINE_TAG, '')
    // Entities last, so an encoded "&lt;i&gt;" shows as "<i>" and is not stripped as a tag.
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
