/**
 * Where an announcement's text is parsed (docs/same-day-alerts.md, "Parsing"). Chrome's service
 * worker has no DOMParser: the text goes to an offscreen document (reason DOM_PARSER), made for
 * the read and closed after it, so nothing stays in memory between announcements. Firefox's
 * event page has a DOM: the same reader runs in place. Either way it is the page reader the
 * content scripts use (lib/arxiv/readers), never a tab the reader is using.
 *
 * The text (megabytes) goes to the offscreen document by `postMessage` on a MessageChannel, not
 * by `runtime.sendMessage`: extension messages are serialised as JSON through the browser process,
 * several times slower for a 3 MB listing (`npm run bench`, same-day).
 */
import type { Sieve } from '../../arxiv/announcement-model';
import { OFFSCREEN_READ, readAnnouncementText, type AnnouncementFormat, type OffscreenAnswer, type OffscreenRead } from '../../shared/announcement-read';

const OFFSCREEN_PATH = '/offscreen.html';
/** An offscreen document that never answers (it crashed) must not hold the read forever. */
const ANSWER_TIMEOUT_MS = 60_000;

/** The service worker's own scope (typed here: the project's DOM typings do not describe it). */
interface WorkerScope {
  clients: { matchAll(o: { includeUncontrolled: boolean; type: 'window' }): Promise<{ url: string; postMessage(m: unknown, transfer: Transferable[]): void }[]> };
}

interface OffscreenApi {
  createDocument(p: { url: string; reasons: 'DOM_PARSER'[]; justification: string }): Promise<void>;
  closeDocument(): Promise<void>;
  hasDocument?(): Promise<boolean>;
}

/** The browser's offscreen API, when it has one (Chrome); absent in Firefox. */
function offscreenApi(): OffscreenApi | null {
  const api = (globalThis as { chrome?: { offscreen?: OffscreenApi } }).chrome?.offscreen;
  return api ?? null;
}

export type ReadAnnouncement = (text: string, format: AnnouncementFormat, url: string, sieve: Sieve) => Promise<OffscreenAnswer>;

let reads: Promise<unknown> = Promise.resolve();

async function inOffscreenDocument(api: OffscreenApi, request: OffscreenRead): Promise<OffscreenAnswer> {
  if (!(await api.hasDocument?.().catch(() => false))) {
    try {
      await api.createDocument({ url: OFFSCREEN_PATH, reasons: ['DOM_PARSER'], justification: 'Read arXiv’s announcement of new papers' });
    } catch (e) {
      // One exists already (a read of a worker that was stopped): use it.
      if (!/single offscreen|already/i.test(String(e))) throw e;
    }
  }
  const channel = new MessageChannel();
  try {
    const documents = await (globalThis as unknown as WorkerScope).clients.matchAll({ includeUncontrolled: true, type: 'window' });
    const reader = documents.find((d) => new URL(d.url).pathname === OFFSCREEN_PATH);
    if (!reader) throw new Error('the offscreen document is not there');
    const answer = new Promise<OffscreenAnswer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the offscreen document did not answer')), ANSWER_TIMEOUT_MS);
      channel.port1.onmessage = (e: MessageEvent<OffscreenAnswer>) => {
        clearTimeout(timer);
        resolve(e.data);
      };
    });
    reader.postMessage(request, [channel.port2]);
    return await answer;
  } finally {
    channel.port1.close();
    await api.closeDocument().catch(() => undefined);
  }
}

/** Reads an announcement's text: in place where there is a DOMParser, else in an offscreen document. */
export const readAnnouncement: ReadAnnouncement = (text, format, url, sieve) => {
  const run = reads.then(() => {
    if (typeof DOMParser === 'function') return readAnnouncementText(text, format, url, sieve);
    const api = offscreenApi();
    if (!api) throw new Error('no DOMParser and no offscreen document in this browser');
    return inOffscreenDocument(api, { type: OFFSCREEN_READ, format, url, text, sieve });
  });
  reads = run.catch(() => undefined);
  return run;
};
