/** Hears the background's change notices (lib/shared/changes.ts) in any of Weft's pages. */
import { browser, type Browser } from 'wxt/browser';
import { isChangeNotice, type ChangeTopic } from '../shared/changes';

/** Calls `onChange` whenever the background announces a change of `topic`; returns the unsubscribe. */
export function onChange(topic: ChangeTopic, onChange: () => void): () => void {
  const listener = (message: unknown, sender: Browser.runtime.MessageSender) => {
    // Only Weft's own background speaks on this channel; anything else is ignored.
    if (sender.id === browser.runtime.id && isChangeNotice(message) && message.topics.includes(topic)) onChange();
  };
  browser.runtime.onMessage.addListener(listener);
  return () => {
    try {
      browser.runtime.onMessage.removeListener(listener);
    } catch {
      // The extension was updated or reloaded: this page's listener went with it.
    }
  };
}
