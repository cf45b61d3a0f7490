// @vitest-environment happy-dom
import { attachStyledShadow, createHost, isOwnHost } from './shadow-host';

describe('Weft’s shadow hosts', () => {
  it('are Weft’s by a private mark: an element of the same name the page made is not', () => {
    const own = createHost('weft-author');
    const theirs = document.createElement('weft-author');
    theirs.attachShadow({ mode: 'open' });
    expect([isOwnHost(own), isOwnHost(theirs)]).toEqual([true, false]);
    expect(() => attachStyledShadow(theirs, ':host{}')).toThrow();
  });

  it('take another name when the page’s own custom element of that name takes the shadow root', () => {
    customElements.define('weft-test-taken', class extends HTMLElement {
      constructor() {
        super();
        this.attachShadow({ mode: 'closed' });
      }
    });
    const host = createHost('weft-test-taken');
    expect(host.localName).toMatch(/^weft-test-taken-[a-z0-9]+$/);
    expect(isOwnHost(host)).toBe(true);
    expect(attachStyledShadow(host, ':host{color:red}')).toBe(host.shadowRoot);
  });
});
