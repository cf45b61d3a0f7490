// Chrome's offscreen document: the one place in Chrome where Weft has a DOMParser outside a web
// page. It reads the announcement text the background fetched and hands back the sieved papers;
// it fetches nothing and keeps nothing (docs/same-day-alerts.md, "Parsing").
import { browser } from 'wxt/browser';
import { isOffscreenRead, readAnnouncementText, type OffscreenAnswer } from '@/lib/shared/announcement-read';

browser.runtime.onMessage.addListener((message: unknown, sender): Promise<OffscreenAnswer> | undefined => {
  // Only Weft's background asks; change notices and anything else are not for this page.
  if (sender.id !== browser.runtime.id || !isOffscreenRead(message)) return undefined;
  return Promise.resolve(readAnnouncementText(message.text, message.format, message.url, message.sieve));
});
