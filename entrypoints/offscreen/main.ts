// Chrome's offscreen document: the one place in Chrome where Weft has a DOMParser outside a web
// page. It reads the announcement text the background fetched and hands back the sieved papers;
// it fetches nothing and keeps nothing (docs/same-day-alerts.md, "Parsing"). The request comes
// from Weft's own service worker (`navigator.serviceWorker` hears no one else) with the port to
// answer on.
import { isOffscreenRead, readAnnouncementText } from '@/lib/shared/announcement-read';

navigator.serviceWorker.onmessage = (e: MessageEvent<unknown>) => {
  const port = e.ports[0];
  if (!port || !isOffscreenRead(e.data)) return;
  port.postMessage(readAnnouncementText(e.data.text, e.data.format, e.data.url, e.data.sieve));
  port.close();
};
