// @vitest-environment happy-dom
import { requireTrustedEvents, trusted } from './trusted';

describe('trusted', () => {
  it('lets every event through on Weft’s own pages; once a content script asks, nothing a page script dispatches', () => {
    const seen: string[] = [];
    const handler = trusted((e: Event) => seen.push(e.type));
    const button = document.createElement('button');
    document.body.append(button);
    for (const type of ['click', 'auxclick', 'mouseenter', 'focus']) button.addEventListener(type, handler);
    button.dispatchEvent(new MouseEvent('click')); // synthetic: isTrusted is false
    expect(seen).toEqual(['click']);
    requireTrustedEvents();
    const click = new MouseEvent('click', { cancelable: true });
    button.dispatchEvent(click);
    button.dispatchEvent(new MouseEvent('auxclick', { button: 1 }));
    button.dispatchEvent(new MouseEvent('mouseenter'));
    button.focus(); // a script's focus
    button.dispatchEvent(new FocusEvent('focus'));
    expect(seen).toEqual(['click']);
    // A refused click does nothing by default either (a checkbox stays as it was, a link goes nowhere).
    expect(click.defaultPrevented).toBe(true);
  });
});
