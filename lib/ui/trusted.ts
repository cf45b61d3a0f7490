/**
 * Weft's controls act on the reader's own input only. On arXiv pages Weft's UI lives in open
 * shadow roots, where a page script could dispatch clicks on it (follow, unfollow, correct,
 * refresh); such synthetic events have `isTrusted` false and are ignored there. Weft's own
 * pages run no foreign script, so the check is switched on by the content scripts.
 */
let required = false;

/** Called by content scripts: from now on, handlers wrapped with `trusted` ignore synthetic events. */
export function requireTrustedEvents(): void {
  required = true;
}

export function trusted<E extends Event>(handler: (event: E) => void): (event: E) => void {
  return (event) => {
    if (!required || event.isTrusted) handler(event);
  };
}
