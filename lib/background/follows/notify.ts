/**
 * Desktop notifications for new papers: one summary per check that found something. The
 * notification id is derived from the papers it covers, so showing it again after a worker
 * was killed between showing and recording it replaces it rather than adding a duplicate.
 * Clicking a single-paper notification opens the paper; a summary opens the popup's inbox.
 *
 * `notifications` is an optional permission (asked from the popup's toggle, never at
 * install): `browser.notifications` may be absent, and everything here copes with that.
 */
import { browser } from 'wxt/browser';
import { isBareArxivId } from '../../arxiv/ids';
import { isOpenAlexId } from '../../catalog/ids';
import { paperUrl } from '../../catalog/links';
import type { FollowEntry, InboxEntry } from '../../shared/follows/model';
import type { TopicFollow, TopicHit } from '../../shared/follows/topics';
import { t } from '../../shared/i18n';

const PAPER_PREFIX = 'weft-paper:';
const INBOX_PREFIX = 'weft-inbox:';
const LISTED_TITLES = 3;

/** 32-bit FNV-1a, hex: a short stable name for a set of papers. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

export interface NotificationSpec {
  id: string;
  title: string;
  message: string;
}

/** The one notification for `papers` (non-empty), naming researchers from `follows`. */
export function describeNotification(papers: readonly InboxEntry[], follows: readonly FollowEntry[]): NotificationSpec {
  const names = new Map(follows.map((f) => [f.id, f.name]));
  const by = (p: InboxEntry) => p.authorIds.map((id) => names.get(id)).filter(Boolean).join(', ');
  if (papers.length === 1) {
    const p = papers[0]!;
    return {
      id: `${PAPER_PREFIX}${p.arxivId ?? p.workId}`,
      title: by(p) ? t('notifyNewPaperBy', by(p)) : t('notifyNewPaper'),
      message: p.title || t('untitled'),
    };
  }
  const people = new Set(papers.flatMap((p) => p.authorIds)).size;
  const titles = papers.slice(0, LISTED_TITLES).map((p) => `• ${p.title || t('untitled')}`);
  if (papers.length > LISTED_TITLES) titles.push(t('andMore', papers.length - LISTED_TITLES));
  return {
    id: `${INBOX_PREFIX}${fnv1a(papers.map((p) => p.workId ?? p.arxivId).sort().join(','))}`,
    title: t(people === 1 ? 'notifyPapersFromOne' : 'notifyPapersFromMany', papers.length, people),
    message: titles.join('\n'),
  };
}

/** The one notification for matches of followed topics in arXiv's announcement (`hits` non-empty). */
export function describeTopicNotification(hits: readonly TopicHit[], topics: readonly TopicFollow[]): NotificationSpec {
  const queries = [...new Set(hits.map((h) => topics.find((topic) => topic.id === h.topicId)?.query).filter(Boolean))];
  const about = queries.length === 1 ? t('quoted', queries[0]!) : t('topicsYouFollow', queries.length);
  if (hits.length === 1) {
    return { id: `${PAPER_PREFIX}${hits[0]!.arxivId}`, title: t('notifyNewAbout', about), message: hits[0]!.title || t('untitled') };
  }
  const titles = hits.slice(0, LISTED_TITLES).map((h) => `• ${h.title || t('untitled')}`);
  if (hits.length > LISTED_TITLES) titles.push(t('andMore', hits.length - LISTED_TITLES));
  return {
    id: `${INBOX_PREFIX}${fnv1a(hits.map((h) => `${h.topicId} ${h.arxivId}`).sort().join(','))}`,
    title: t('notifyNewPapersAbout', hits.length, about),
    message: titles.join('\n'),
  };
}

/** Whether notifications can be shown now (the optional permission is granted). */
export async function notificationsAllowed(): Promise<boolean> {
  if (!browser.notifications) return false;
  try {
    return await browser.permissions.contains({ permissions: ['notifications'] });
  } catch {
    return false;
  }
}

export async function showNotification(spec: NotificationSpec): Promise<void> {
  await browser.notifications.create(spec.id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/notification.png'),
    title: spec.title,
    message: spec.message,
  });
}

/** Opens the popup (its Following tab shows the inbox), or the popup page in a tab where it cannot. */
async function openInbox(): Promise<void> {
  try {
    await browser.action.openPopup();
  } catch {
    await browser.tabs.create({ url: browser.runtime.getURL('/popup.html') });
  }
}

/** What a click on one of Weft's notifications opens; other ids are not Weft's and are ignored. */
export async function openFromNotification(id: string): Promise<void> {
  if (id.startsWith(PAPER_PREFIX)) {
    const key = id.slice(PAPER_PREFIX.length);
    if (isBareArxivId(key)) await browser.tabs.create({ url: paperUrl({ arxivId: key })! });
    else if (isOpenAlexId(key, 'W')) await browser.tabs.create({ url: paperUrl({ arxivId: null, openalexId: key })! });
  } else if (id.startsWith(INBOX_PREFIX)) {
    await openInbox();
  } else {
    return;
  }
  await browser.notifications?.clear(id);
}
