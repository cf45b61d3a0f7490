// From the text arXiv served to the papers worth sending on: parsed with the DOM's own parser
// (an inert document: no script runs, nothing loads), read by the listing or feed reader, sieved.
// Runs where a DOMParser exists: Chrome's offscreen document, Firefox's event page, tests.

import { MAX_ANNOUNCEMENT_BYTES, sievePapers, type AnnouncementRead, type Sieve } from '../announcement-model';
import { readFeed } from './feed';
import { readNewListing } from './new-listing';

/** What was served: an arxiv.org /list/<cat>/new page, or an rss.arxiv.org RSS or Atom feed. */
export type AnnouncementFormat = 'listing' | 'feed';

/**
 * Declarations in an XML feed are refused outright: arXiv's feeds have none, and an internal
 * entity is how a small body expands into a huge one ("billion laughs").
 */
const DECLARATION = /<!(?:DOCTYPE|ENTITY)/i;

/** Why a text could not be read as an announcement. */
export type Unreadable = 'too-large' | 'declarations' | 'not-an-announcement';

export function readAnnouncementText(
  text: string,
  format: AnnouncementFormat,
  url: string,
  sieve: Sieve,
  parser: DOMParser = new DOMParser(),
): AnnouncementRead | { unreadable: Unreadable } {
  // Characters, not bytes, here: the fetch already cut the body at the byte limit.
  if (text.length > MAX_ANNOUNCEMENT_BYTES) return { unreadable: 'too-large' };
  if (format === 'feed' && DECLARATION.test(text)) return { unreadable: 'declarations' };
  const doc = parser.parseFromString(text, format === 'feed' ? 'application/xml' : 'text/html');
  const read = format === 'feed' ? readFeed(doc) : readNewListing(doc, url);
  if (!read) return { unreadable: 'not-an-announcement' };
  return { listedAs: read.listedAs, ...sievePapers(read.papers, sieve) };
}
