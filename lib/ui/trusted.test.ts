// @vitest-environment happy-dom
import { requireTrustedEvents, trusted } from './trusted';

describe('trusted', () => {
  it('lets every event through on Weft’s own pages, and only the reader’s own once a content script asks', () => {
    const seen: string[] = [];
    const handler = trusted((e: Event) => seen.push(e.type));
    const button = document.createElement('button');
    button.addEventListener('click', handler);
    button.dispatchEvent(new MouseEvent('click')); // synthetic: isTrusted is false
    expect(seen).toEqual(['click']);
    requireTrustedEvents();
    button.dispatchEvent(new MouseEvent('click'));
    expect(seen).toEqual(['click']);
    // A real click from the reader (isTrusted true) still acts.
    handler({ type: 'click', isTrusted: true } as Event);
    expect(seen).toEqual(['click', 'click']);
  });
});
