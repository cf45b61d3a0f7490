// @vitest-environment happy-dom
import { fakeBrowser } from 'wxt/testing';
import { ContentScriptContext } from './script-context';

describe('the content scripts’ context', () => {
  it('stops an older copy of the same script when a newer one starts, and no other script', () => {
    const old = new ContentScriptContext('weft-test-abs');
    const other = new ContentScriptContext('weft-test-lists');
    const newer = new ContentScriptContext('weft-test-abs');
    expect([old.signal.aborted, other.signal.aborted, newer.signal.aborted]).toEqual([true, false, false]);
    expect(old.isInvalid).toBe(true);
    expect(newer.isInvalid).toBe(false);
  });

  it('is not stopped by a page dispatching the DOM event WXT’s context listens for', () => {
    // WXT names the event after the extension's id and the script (a page can know both).
    const script = String(import.meta.env.ENTRYPOINT);
    const ctx = new ContentScriptContext(script);
    const name = `${fakeBrowser.runtime.id}:${script}:wxt:content-script-started`;
    document.dispatchEvent(new CustomEvent(name, { detail: { contentScriptName: script, messageId: 'page' } }));
    expect(ctx.isInvalid).toBe(false);
  });

  it('is invalid once the extension is gone (updated, reloaded or removed)', () => {
    const ctx = new ContentScriptContext('weft-test-gone');
    vi.spyOn(fakeBrowser.runtime, 'id', 'get').mockReturnValue(undefined as unknown as string);
    expect(ctx.isInvalid).toBe(true);
    expect(ctx.signal.aborted).toBe(true);
  });

  it('goes quiet at the reader’s next move once the extension is gone, no one asking', () => {
    const ctx = new ContentScriptContext('weft-test-quiet');
    document.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(ctx.signal.aborted).toBe(false);
    vi.spyOn(fakeBrowser.runtime, 'id', 'get').mockReturnValue(undefined as unknown as string);
    document.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(ctx.signal.aborted).toBe(true);
  });
});
