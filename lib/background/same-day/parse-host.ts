/**
 * Where an announcement's text is parsed (docs/same-day-alerts.md, "Parsing"). Chrome's service
 * worker has no DOMParser: the text goes to an offscreen document (reason DOM_PARSER), made for
 * the read and closed after it, so nothing stays in memory between announcements. Firefox's
 * event page has a DOM: the same reader runs in place. Either way it is the page reader the
 * content scripts use (lib/arxiv/readers), never a tab the reader is using.
 */
import { browser } from 'wxt/browser';
import type { Sieve } from '../../arxiv/announcement-model';
import { OFFSCREEN_READ, readAnnouncementText, type AnnouncementFormat, type OffscreenAnswer, type OffscreenRead } from '../../shared/announcement-read';

const OFFSCREEN_PATH = '/offscreen.html';

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
  try {
    const answer = (await browser.runtime.sendMessage(request)) as OffscreenAnswer | undefined;
    if (!answer) throw new Error('the offscreen document did not answer');
    return answer;
  } finally {
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
