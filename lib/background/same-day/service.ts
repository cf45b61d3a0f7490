/**
 * Same-day alerts (docs/same-day-alerts.md): on the evening arXiv announces, read the
 * announcement of the categories the followed researchers post in, find their papers in it
 * from evidence, and put them in the inbox before any catalog has them; followed topics too.
 *
 * One read per announcement address per announcement (arxiv-fetch.ts spaces and conditions the
 * requests); the text is parsed where a DOM is (parse-host.ts) and sieved there, so only the
 * papers with a followed name or a topic's words come back; names are matched here (match.ts),
 * evidence asked of OpenAlex only for what nothing free settled (evidence.ts), a few list calls.
 * Without the feed (turned off, no access to arxiv.org, an unreadable answer) nothing is lost:
 * the catalog check finds the same papers a few days later, and the popup says which mode is on.
 */
import { announcementOf, latestAnnouncement, rssWindow, type Announcement } from '../../arxiv/announcements';
import type { AnnouncedPaper, AnnouncementRead } from '../../arxiv/announcement-model';
import { ARXIV_HOST_PERMISSION, RSS_HOST_PERMISSION } from '../../arxiv/urls';
import { isCategory } from '../../arxiv/categories';
import { CatalogError } from '../../catalog/types';
import type { AuthorSuggestion, OpenAlexClient } from '../catalog/openalex';
import { addAnnounced, type AnnouncedFind } from '../follows/announced';
import type { FollowStore } from '../follows/store';
import { INBOX_AUTHOR_NAMES, type AlertSettings, type FollowEntry } from '../../shared/follows/model';
import { MAX_TOPIC_HITS, MAX_TOPICS, newTopicId, topicCategories, topicSieve, topicTerms, type TopicFollow, type TopicHit } from '../../shared/follows/topics';
import { cleanName } from '../../shared/follows/file';
import { describeTopicNotification, notificationsAllowed, showNotification } from '../follows/notify';
import { FeedError, grantedNow, type ArxivFetch } from './arxiv-fetch';
import { DIGEST_GROUP, digestStale, emptyDigest, learnFromWorks, seenIn, type Digest } from './digest';
import { catalogEvidence } from './evidence';
import { knownEvidence, nameHits, sieveFamilies, type Followed } from './match';
import type { ReadAnnouncement } from './parse-host';
import { nextReadAt, scheduleRead, scheduledReadAt } from './schedule';
import type { FeedState, ReadProblem, ReadProblemKind, SameDayData, SameDayStatus, SameDayStore } from './store';
import { categoriesOf, editedWatch, listingPlan, rssPlan, watchedCategories, type WatchChange } from './watch';

/** List calls one read may spend on evidence: a few per announcement, whatever the followed count. */
export const READ_CREDITS = 4;
/** List calls one read may spend learning what it does not know of followed researchers (DIGEST_GROUP each). */
const DIGEST_CALLS = 4;
/** A listing still showing the previous announcement is asked again (conditionally) this much later, a few times. */
const NOT_UPDATED_RETRY_MS = 20 * 60_000;
const NOT_UPDATED_TRIES = 4;
/** After a failed request, the address is left alone this long (unless arXiv said when to come back). */
const FAILURE_RETRY_MS = 30 * 60_000;
/** After a refusal (a 4xx), a day: the address is wrong, not busy. */
const REFUSED_RETRY_MS = 24 * 3_600_000;
/** Same-day papers not confirmed by a record are looked up (free) at most this often. */
const LOOKUP_EVERY_MS = 3_600_000;
const MAX_LOOKUPS = 30;
/** Sightings of authors not followed, kept in memory for a follow that comes soon after. */
const MAX_SIGHTINGS = 5000;

export type ReadTrigger = 'alarm' | 'manual';

export type ReadOutcome =
  | { ran: true; found: number; guesses: number; topicHits: number; requests: number; credits: number; problem: SameDayStatus['problem'] }
  | { ran: false; reason: 'off' | 'nobody' | 'read' | 'waiting' | 'nothing-watched' | 'no-announcement' };

/** The mode the popup shows (`data-weft-alert-mode`). */
export type AlertMode =
  | { kind: 'arxiv'; source: 'listing' | 'rss' }
  | { kind: 'catalog'; why: 'off' | 'no-access' | 'unreadable' | 'nothing-watched' };

export interface SameDayState {
  mode: AlertMode;
  /** Watched archives and categories, and how many followed researchers they cover. */
  watching: string[];
  covered: number;
  unplaced: number;
  edits: { added: string[]; removed: string[] };
  /** Whether the optional rss.arxiv.org permission is granted. */
  rssGranted: boolean;
  nextReadAt: number | null;
  lastRead: SameDayStatus['lastRead'];
  problem: SameDayStatus['problem'];
  topics: TopicFollow[];
  topicHits: TopicHit[];
}

export interface SameDayDeps {
  followStore: FollowStore;
  store: SameDayStore;
  readSettings: () => Promise<AlertSettings>;
  openalex: Pick<OpenAlexClient, 'worksJoining' | 'latestWorksOf' | 'workByArxivId' | 'budgetResetAt'>;
  /** OpenAlex author autocomplete, cached (catalog/search.ts). */
  suggest: (name: string) => Promise<AuthorSuggestion[]>;
  arxiv: ArxivFetch;
  read: ReadAnnouncement;
  /** Notifies about inbox papers no notification covered yet (follows/check.ts). */
  notifyPending: () => Promise<void>;
  /** Shows one notification for topic matches (when the reader wants notifications). */
  notifyTopics?: (hits: TopicHit[], topics: TopicFollow[]) => Promise<void>;
  granted?: (pattern: string) => Promise<boolean>;
  now?: () => number;
  random?: () => number;
}

const dayBefore = (day: string) => {
  const t = new Date(`${day}T12:00:00Z`);
  t.setUTCDate(t.getUTCDate() - 1);
  return t.toISOString().slice(0, 10);
};

/** Following a topic, or why not (the settings page words it): no words to look for, `max` topics followed already, or not stored. */
export type TopicFollowResult = { ok: true } | { ok: false; why: 'no-words' | 'not-followed' } | { ok: false; why: 'limit'; max: number };

/** The address as a read problem names it: host and path, without the scheme. */
const addressOf = (url: string) => url.replace(/^https:\/\//, '');

const NO_DETAIL = { address: null, status: null, unreadable: null, listedAs: null };

function problemOf(e: unknown, url: string, at: number): ReadProblem {
  if (e instanceof FeedError) {
    const kind: ReadProblemKind = e.kind === 'no-access' ? 'no-access' : e.kind === 'rate-limited' ? 'rate-limited' : e.kind === 'too-large' ? 'unreadable' : 'network';
    return { ...NO_DETAIL, kind, at, address: addressOf(url), status: e.status, unreadable: kind === 'unreadable' ? 'too-large' : null };
  }
  console.warn('Weft: could not read arXiv’s announcement', e);
  return { ...NO_DETAIL, kind: 'internal', at };
}

/** A notification for topic matches, when the reader wants notifications and the browser allows them. */
function topicNotifier(readSettings: () => Promise<AlertSettings>) {
  return async (hits: TopicHit[], topics: TopicFollow[]) => {
    if ((await readSettings()).notify && (await notificationsAllowed())) await showNotification(describeTopicNotification(hits, topics));
  };
}

export function createSameDay(deps: SameDayDeps) {
  // The clock is read at each call (not a reference kept from start): one clock for the whole worker.
  const { followStore, store, openalex, arxiv, now = () => Date.now(), random = Math.random, granted = grantedNow } = deps;
  const notifyTopics = deps.notifyTopics ?? topicNotifier(deps.readSettings);
  /** Categories seen on arXiv's pages for authors not followed (yet), newest last. */
  const sightings = new Map<string, string[]>();
  /** When each same-day paper was last looked up in OpenAlex (arXiv id → epoch ms). */
  const lookedUp = new Map<string, number>();
  let reading: Promise<ReadOutcome> | null = null;

  function followed(follows: readonly FollowEntry[], digests: Record<string, Digest>): Followed[] {
    return follows.map((f) => {
      const d = digests[f.id] ?? emptyDigest(f.name);
      return { id: f.id, names: [...new Set([f.name, ...d.names])].filter(Boolean), coauthors: d.coauthors, institutions: d.institutions, usual: categoriesOf(d) };
    });
  }

  /** Learns, from their latest works, what Weft does not know yet of `ids` (a few list calls at most). */
  async function learn(ids: readonly string[], names: ReadonlyMap<string, string>, calls = DIGEST_CALLS): Promise<number> {
    if (ids.length === 0 || (await openalex.budgetResetAt()) > now()) return 0;
    let made = 0;
    for (let k = 0; k < ids.length && made < calls; k += DIGEST_GROUP) {
      const group = ids.slice(k, k + DIGEST_GROUP);
      let works;
      try {
        made++;
        works = await openalex.latestWorksOf(group);
      } catch (e) {
        if (e instanceof CatalogError) break; // the catalog is down or the allowance spent: next time
        throw e;
      }
      const t = now();
      await store.update((d) => {
        const digests = { ...d.digests };
        for (const id of group) {
          let before = digests[id] ?? emptyDigest(names.get(id) ?? '');
          for (const c of sightings.get(id) ?? []) before = seenIn(before, c);
          digests[id] = learnFromWorks(id, works, before, t);
        }
        return { data: { ...d, digests }, result: null };
      });
    }
    return made;
  }

  /** Followed researchers whose digest is missing or old: learned now (at most DIGEST_CALLS calls). */
  async function learnStale(follows: readonly FollowEntry[], data: SameDayData): Promise<number> {
    const stale = follows.filter((f) => digestStale(data.digests[f.id], now())).map((f) => f.id);
    return learn(stale, new Map(follows.map((f) => [f.id, f.name])));
  }

  /** Which source and addresses this read uses for announcement `a`. */
  async function plan(settings: AlertSettings, categories: string[], a: Announcement): Promise<{ source: 'listing' | 'rss'; urls: string[] }> {
    const window = rssWindow(a);
    const t = now();
    if (settings.feed === 'rss' && t >= window.from && t < window.to && (await granted(RSS_HOST_PERMISSION))) return { source: 'rss', urls: rssPlan(categories) };
    return { source: 'listing', urls: listingPlan(categories) };
  }

  interface Fetched {
    url: string;
    read: AnnouncementRead;
    /** The announcement its content is (the latest, or the previous one on a listing not updated yet). */
    announcement: string;
  }

  /** Time spent parsing and sieving in the current read (for its status). */
  let parseMs = 0;

  /** One address for announcement `a`: its content when it is to be processed, and its new state. */
  async function visit(url: string, source: 'listing' | 'rss', state: FeedState | undefined, a: Announcement, sieve: Parameters<ReadAnnouncement>[3]): Promise<{ state: FeedState; fetched: Fetched | null; problem: SameDayStatus['problem'] }> {
    const t = now();
    const base: FeedState = state ?? { listedAs: null, etag: null, lastModified: null, readFor: null, askedAt: 0, retryAt: null, tries: 0 };
    const validators = state && state.listedAs ? { etag: state.etag, lastModified: state.lastModified } : null;
    let answer;
    try {
      answer = await arxiv.get(url, validators);
    } catch (e) {
      const problem = problemOf(e, url, t);
      const retryAt = e instanceof FeedError && e.retryAt ? e.retryAt : t + (e instanceof FeedError && e.kind === 'http' && e.status !== null && e.status < 500 ? REFUSED_RETRY_MS : FAILURE_RETRY_MS);
      return { state: { ...base, askedAt: t, retryAt }, fetched: null, problem };
    }
    const notUpdated = (listedAs: string | null) => listedAs !== null && listedAs < a.listedAs;
    if (answer.kind === 'not-modified') {
      if (!notUpdated(base.listedAs)) return { state: { ...base, askedAt: t, readFor: a.day, retryAt: null, tries: 0 }, fetched: null, problem: null };
      return { ...stillOld(base, t, a), fetched: null };
    }
    const t0 = now();
    const parsed = await deps.read(answer.text, source === 'rss' ? 'feed' : 'listing', url, sieve);
    parseMs += now() - t0;
    if ('unreadable' in parsed) {
      const problem: ReadProblem = { ...NO_DETAIL, kind: 'unreadable', at: t, address: addressOf(url), unreadable: parsed.unreadable };
      // Downloaded: not asked again for this announcement.
      return { state: { ...base, askedAt: t, readFor: a.day, retryAt: null, tries: 0, etag: null, lastModified: null, listedAs: null }, fetched: null, problem };
    }
    const next: FeedState = { ...base, askedAt: t, etag: answer.validators.etag, lastModified: answer.validators.lastModified, listedAs: parsed.listedAs };
    if (notUpdated(parsed.listedAs)) {
      // The previous announcement: worth reading if it never was (a catch-up), then asked again later.
      const previous = dayBefore(parsed.listedAs!);
      const fetched = base.readFor === previous ? null : { url, read: parsed, announcement: previous };
      const old = stillOld({ ...next, readFor: previous }, t, a);
      return { ...old, fetched };
    }
    return { state: { ...next, readFor: a.day, retryAt: null, tries: 0 }, fetched: { url, read: parsed, announcement: a.day }, problem: null };
  }

  /** An address still showing an older announcement: asked again later, a few times, then left. */
  function stillOld(state: FeedState, t: number, a: Announcement): { state: FeedState; problem: SameDayStatus['problem'] } {
    const tries = state.tries + 1;
    if (tries >= NOT_UPDATED_TRIES) {
      return {
        state: { ...state, askedAt: t, readFor: a.day, retryAt: null, tries: 0 },
        problem: { ...NO_DETAIL, kind: 'not-updated', at: t, listedAs: a.listedAs },
      };
    }
    return { state: { ...state, askedAt: t, retryAt: t + NOT_UPDATED_RETRY_MS, tries }, problem: null };
  }

  /** The papers read (each once), the finds for followed researchers, and what the evidence cost. */
  async function identify(papers: AnnouncedPaper[], researchers: Followed[]): Promise<{ finds: AnnouncedFind[]; credits: number; matchMs: number }> {
    const t0 = now();
    const hits = nameHits(papers, researchers);
    const finds: AnnouncedFind[] = [];
    const open: typeof hits = [];
    for (const hit of hits) {
      const known = knownEvidence(hit);
      if (known) finds.push({ paper: hit.paper, researcher: hit.researcher.id, match: 'inferred', evidence: known });
      else open.push(hit);
    }
    const matchMs = now() - t0;
    const credits = (await openalex.budgetResetAt()) > now() ? 0 : READ_CREDITS;
    const asked = await catalogEvidence(open, credits, { suggest: deps.suggest, openalex });
    asked.decisions.forEach((d, k) => {
      if (d.match === 'someone-else') return;
      finds.push({ paper: open[k]!.paper, researcher: open[k]!.researcher.id, match: d.match, evidence: d.evidence });
    });
    return { finds, credits: asked.credits, matchMs };
  }

  /** Topic matches of the papers read, new ones only. */
  function topicFinds(fetched: Fetched[], topics: TopicFollow[], data: SameDayData, a: Announcement, t: number): TopicHit[] {
    const ring = new Map(topics.map((tp) => [tp.id, tp.ring]));
    const have = new Set(data.topicHits.map((h) => `${h.topicId} ${h.arxivId}`));
    const out: TopicHit[] = [];
    for (const f of fetched) {
      f.read.papers.forEach((p, k) => {
        for (const hit of f.read.topicHits[k] ?? []) {
          const key = `${hit.topic} ${p.arxivId}`;
          if (!ring.has(hit.topic) || have.has(key) || data.topicSeen[key]) continue;
          have.add(key);
          out.push({
            topicId: hit.topic, arxivId: p.arxivId, title: p.title, authorNames: p.authors.slice(0, INBOX_AUTHOR_NAMES), authorCount: p.authors.length,
            categories: p.categories, words: hit.words, listedAs: f.read.listedAs ?? a.listedAs, announcedAt: a.at, foundAt: t,
            notified: !ring.get(hit.topic),
          });
        }
      });
    }
    return out;
  }

  /** `notify`: false when a catalog check follows at once and notifies for both (one notification). */
  async function readNow(notify: boolean): Promise<ReadOutcome> {
    const settings = await deps.readSettings();
    if (!settings.sameDay) return { ran: false, reason: 'off' };
    const t0 = now();
    const a = latestAnnouncement(t0);
    if (!a) return { ran: false, reason: 'no-announcement' };
    const [{ follows }, topics] = await Promise.all([followStore.read(), store.readTopics()]);
    if (follows.length === 0 && topics.length === 0) return { ran: false, reason: 'nobody' };
    let data = await store.read();
    let credits = await learnStale(follows, data);
    if (credits) data = await store.read();
    const researchers = followed(follows, data.digests);
    const watched = watchedCategories(follows.map((f) => f.id), data.digests, data.edits, topics);
    if (watched.categories.length === 0) return { ran: false, reason: 'nothing-watched' };
    const { source, urls } = await plan(settings, watched.categories, a);
    const due = urls.filter((u) => {
      const s = data.feeds[u];
      if (s?.readFor === a.day) return false;
      // Waiting out a failure or a listing not rebuilt yet: neither the alarm nor "Check now" hurries it.
      return !(s?.retryAt && s.retryAt > now());
    });
    if (due.length === 0) {
      const waiting = urls.some((u) => data.feeds[u]?.readFor !== a.day);
      return { ran: false, reason: waiting ? 'waiting' : 'read' };
    }
    const sieve = { families: sieveFamilies(researchers), topics: topics.map(topicSieve) };
    parseMs = 0;
    const fetched: Fetched[] = [];
    const states: Record<string, FeedState> = {};
    let problem: SameDayStatus['problem'] = null;
    let requests = 0;
    for (const url of due) {
      requests++;
      const r = await visit(url, source, data.feeds[url], a, sieve);
      states[url] = r.state;
      if (r.fetched) fetched.push(r.fetched);
      problem ??= r.problem;
      // No access to arXiv at all: the other addresses would fail the same way.
      if (r.problem?.kind === 'no-access') break;
    }

    const papers = [...new Map(fetched.flatMap((f) => f.read.papers.map((p) => [p.arxivId, p] as const))).values()];
    const { finds, credits: spent, matchMs } = await identify(papers, researchers);
    credits += spent;
    const t = now();
    const latestFetched = fetched.find((f) => f.announcement === a.day) ?? fetched[0];
    // A listing not rebuilt yet held an earlier announcement: its papers were announced then.
    const announcedAt = latestFetched ? (announcementOf(latestFetched.announcement)?.at ?? a.at) : a.at;
    const listedAs = latestFetched?.read.listedAs ?? a.listedAs;
    const added = finds.length
      ? await followStore.update(({ follows: fs, inbox }) => {
          const r = addAnnounced(inbox, fs, finds, { at: announcedAt, listedAs }, t);
          return { data: r.inbox ? { inbox: r.inbox } : {}, result: r };
        })
      : null;
    const hits = topicFinds(fetched, topics, data, a, t);
    const total = fetched.reduce((n, f) => n + f.read.total, 0);
    await store.update((d) => ({
      data: {
        ...d,
        feeds: { ...d.feeds, ...states },
        topicHits: [...hits, ...d.topicHits].slice(0, MAX_TOPIC_HITS),
        status: {
          lastRead: fetched.length
            ? {
                at: t, announcement: latestFetched!.announcement, listedAs, papers: total, found: added?.found ?? 0, guesses: added?.guesses ?? 0,
                topicHits: hits.length, requests, credits, parseMs: Math.round(parseMs), matchMs: Math.round(matchMs),
              }
            : d.status.lastRead,
          problem,
        },
      },
      result: null,
    }));
    if (notify) await deps.notifyPending().catch((e: unknown) => console.warn('Weft: could not notify about new papers', e));
    const ringing = hits.filter((h) => !h.notified);
    if (ringing.length) {
      await notifyTopics(ringing, topics).catch((e: unknown) => console.warn('Weft: could not notify about topic matches', e));
      const done = new Set(ringing.map((h) => `${h.topicId} ${h.arxivId}`));
      await store.update((d) => ({ data: { ...d, topicHits: d.topicHits.map((h) => (done.has(`${h.topicId} ${h.arxivId}`) ? { ...h, notified: true } : h)) }, result: null }));
    }
    return { ran: true, found: added?.found ?? 0, guesses: added?.guesses ?? 0, topicHits: hits.length, requests, credits, problem };
  }

  /**
   * Reads the latest announcement if it was not read yet; one read at a time (a second asks joins
   * it). "Check now" (`manual`) leaves notifying to the catalog check it comes with.
   */
  function read(trigger: ReadTrigger): Promise<ReadOutcome> {
    reading ??= readNow(trigger === 'alarm').finally(() => {
      reading = null;
    });
    // The alarm fires once: the next one is set whatever this read did.
    return reading.then(async (outcome) => {
      if (trigger === 'alarm' || outcome.ran) await reschedule().catch((e: unknown) => console.warn('Weft: could not schedule the next announcement read', e));
      return outcome;
    }, async (e: unknown) => {
      if (trigger === 'alarm') await reschedule().catch(() => undefined);
      throw e;
    });
  }

  /** The read alarm for the next announcement (or a catch-up of the latest one, unread); none while nothing is followed. */
  async function reschedule(): Promise<void> {
    const settings = await deps.readSettings();
    const [{ follows }, topics] = await Promise.all([followStore.read(), store.readTopics()]);
    if (!settings.sameDay || (follows.length === 0 && topics.length === 0)) return scheduleRead(null);
    const data = await store.read();
    const t = now();
    const a = latestAnnouncement(t);
    const urls = Object.values(data.feeds);
    const readFor = a && urls.some((s) => s.readFor === a.day) ? a.day : null;
    const next = nextReadAt(t, settings.feed, readFor, random);
    await scheduleRead(next?.at ?? null);
  }

  /** Every worker start: the alarm exists (a browser restart may drop it), and a missed announcement is caught up. */
  async function start(): Promise<void> {
    const existing = await scheduledReadAt();
    if (existing === null || existing < now()) await reschedule();
  }

  /**
   * Same-day papers still without a record: the free OpenAlex lookup by arXiv id, at most once an
   * hour each for scheduled checks, on every "Check now" (`asked`). The record takes them over
   * (detect.ts): confirmed silently, or withdrawn.
   */
  async function confirmLater(takeOver: (arxivId: string, record: { id: string; authorIds: string[]; title: string; authorNames: string[] }) => Promise<void>, asked = false): Promise<void> {
    const { inbox } = await followStore.read();
    const t = now();
    const due = inbox.filter((e) => e.workId === null && e.arxivId && (asked || t - (lookedUp.get(e.arxivId) ?? 0) >= LOOKUP_EVERY_MS)).slice(0, MAX_LOOKUPS);
    for (const e of due) {
      const id = e.arxivId!;
      lookedUp.set(id, t);
      try {
        const record = await openalex.workByArxivId(id);
        if (!record.openalexId) continue;
        const authorIds = record.authors.flatMap((x) => (x.openalexId ? [x.openalexId] : []));
        await takeOver(id, { id: record.openalexId, authorIds, title: record.title, authorNames: record.authors.map((x) => x.name) });
      } catch (err) {
        if (err instanceof CatalogError && err.kind === 'not-found') continue; // not indexed yet
        if (err instanceof CatalogError) return; // down or busy: later
        throw err;
      }
    }
  }

  /** Categories of papers seen on arXiv's pages, for the authors a record or evidence named there. */
  async function noteSightings(pairs: { authorId: string; category: string }[]): Promise<void> {
    const valid = pairs.filter((p) => isCategory(p.category));
    if (valid.length === 0) return;
    const { follows } = await followStore.read();
    const ids = new Set(follows.map((f) => f.id));
    const mine = valid.filter((p) => ids.has(p.authorId));
    for (const p of valid) {
      if (ids.has(p.authorId)) continue;
      sightings.delete(p.authorId);
      sightings.set(p.authorId, [...(sightings.get(p.authorId) ?? []), p.category].slice(-5));
      if (sightings.size > MAX_SIGHTINGS) sightings.delete(sightings.keys().next().value!);
    }
    if (mine.length === 0) return;
    const names = new Map(follows.map((f) => [f.id, f.name]));
    await store.update((d) => {
      const digests = { ...d.digests };
      let changed = false;
      for (const p of mine) {
        const before = digests[p.authorId] ?? emptyDigest(names.get(p.authorId) ?? '');
        // A category seen again changes nothing the reader sees: not worth a write each page.
        if (before.categories[p.category]) continue;
        digests[p.authorId] = seenIn(before, p.category);
        changed = true;
      }
      return changed ? { data: { ...d, digests }, result: null } : null;
    });
  }

  /** New follows: what Weft saw of them on pages, and their latest works (batched by the caller). */
  async function followed_(follows: { id: string; name: string }[]): Promise<void> {
    await learn(follows.map((f) => f.id), new Map(follows.map((f) => [f.id, f.name])));
    await reschedule();
  }

  async function state(settings: AlertSettings, followIds: readonly string[]): Promise<SameDayState> {
    const [data, topics, rssGranted, arxivGranted, next] = await Promise.all([
      store.read(), store.readTopics(), granted(RSS_HOST_PERMISSION), granted(ARXIV_HOST_PERMISSION), scheduledReadAt(),
    ]);
    const watched = watchedCategories(followIds, data.digests, data.edits, topics);
    const problem = data.status.problem;
    // Access is what the browser grants now (a read goes to rss.arxiv.org only while that is
    // granted too: plan): a read refused before the reader allowed access again keeps nothing off.
    const mode: AlertMode = !settings.sameDay ? { kind: 'catalog', why: 'off' }
      : !arxivGranted ? { kind: 'catalog', why: 'no-access' }
        : watched.categories.length === 0 ? { kind: 'catalog', why: 'nothing-watched' }
          : problem?.kind === 'unreadable' ? { kind: 'catalog', why: 'unreadable' }
            : { kind: 'arxiv', source: settings.feed === 'rss' && rssGranted ? 'rss' : 'listing' };
    return {
      mode,
      watching: watched.categories,
      covered: watched.covered,
      unplaced: watched.unplaced.length,
      edits: data.edits,
      rssGranted,
      nextReadAt: settings.sameDay ? next : null,
      lastRead: data.status.lastRead,
      problem,
      topics,
      topicHits: data.topicHits.filter((h) => topics.some((tp) => tp.id === h.topicId)),
    };
  }

  /** The reader's edits to the watched categories (`reset`: back to what Weft learned). */
  async function editWatch(change: WatchChange): Promise<void> {
    await store.updateEdits((edits) => editedWatch(edits, change));
    await reschedule();
  }

  async function followTopic(query: string, categories: string[], ring: boolean): Promise<TopicFollowResult> {
    const q = cleanName(query);
    if (topicTerms(q).length === 0) return { ok: false, why: 'no-words' };
    const result = await store.updateTopics<TopicFollowResult>((topics) => {
      if (topics.length >= MAX_TOPICS) return { topics, result: { ok: false, why: 'limit', max: MAX_TOPICS } };
      const id = newTopicId(new Set(topics.map((tp) => tp.id)));
      return { topics: [...topics, { id, query: q, categories: topicCategories(categories), ring, followedAt: now() }], result: { ok: true } };
    });
    await reschedule();
    return result ?? { ok: false, why: 'not-followed' };
  }

  async function updateTopic(id: string, patch: { ring?: boolean }): Promise<void> {
    await store.updateTopics((topics) => (topics.some((tp) => tp.id === id) ? { topics: topics.map((tp) => (tp.id === id ? { ...tp, ...patch } : tp)), result: null } : null));
  }

  async function unfollowTopic(id: string): Promise<void> {
    await store.updateTopics((topics) => ({ topics: topics.filter((tp) => tp.id !== id), result: null }));
    await store.update((d) => ({ data: { ...d, topicHits: d.topicHits.filter((h) => h.topicId !== id) }, result: null }));
  }

  /** Topic matches marked seen (all when `keys` is null): `<topic id> <arXiv id>`. */
  async function topicSeen(keys: readonly string[] | null): Promise<void> {
    const t = now();
    await store.update((d) => {
      const gone = d.topicHits.filter((h) => !keys || keys.includes(`${h.topicId} ${h.arxivId}`));
      if (!gone.length) return null;
      const cutoff = new Date(t - 30 * 86_400_000).toISOString().slice(0, 10);
      const seen = Object.fromEntries(Object.entries(d.topicSeen).filter(([, day]) => day >= cutoff));
      for (const h of gone) seen[`${h.topicId} ${h.arxivId}`] = h.listedAs;
      return { data: { ...d, topicHits: d.topicHits.filter((h) => !gone.includes(h)), topicSeen: seen }, result: null };
    });
  }

  /** Topics from an imported file, added unless the same query is followed already. */
  async function importTopics(list: { query: string; categories: string[]; ring: boolean }[]): Promise<number> {
    const added = await store.updateTopics((topics) => {
      const have = new Set(topics.map((tp) => tp.query.toLowerCase()));
      const taken = new Set(topics.map((tp) => tp.id));
      const fresh = list
        .filter((tp) => topicTerms(tp.query).length && !have.has(tp.query.toLowerCase()) && have.add(tp.query.toLowerCase()))
        .slice(0, Math.max(0, MAX_TOPICS - topics.length))
        .map((tp) => {
          const id = newTopicId(taken);
          taken.add(id);
          return { id, query: cleanName(tp.query), categories: topicCategories(tp.categories), ring: tp.ring, followedAt: now() };
        });
      return fresh.length ? { topics: [...topics, ...fresh], result: fresh.length } : null;
    });
    if (added) await reschedule();
    return added ?? 0;
  }

  /** Unseen matches of topics that ring (they count on Weft's icon). */
  async function ringingCount(): Promise<number> {
    const [data, topics] = await Promise.all([store.read(), store.readTopics()]);
    const ring = new Set(topics.filter((tp) => tp.ring).map((tp) => tp.id));
    return data.topicHits.filter((h) => ring.has(h.topicId)).length;
  }

  return {
    read,
    ringingCount,
    reschedule,
    start,
    confirmLater,
    noteSightings,
    followed: followed_,
    state,
    editWatch,
    followTopic,
    updateTopic,
    unfollowTopic,
    topicSeen,
    importTopics,
    readTopics: () => store.readTopics(),
  };
}

export type SameDay = ReturnType<typeof createSameDay>;
