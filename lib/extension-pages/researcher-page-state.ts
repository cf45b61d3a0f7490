/**
 * The researcher page (researcher.html) as signals: the profile of the researcher its address
 * names, Semantic Scholar's figures beside it, and their works, loaded a catalog page (200) at a
 * time and shown 25 at a time, newest first or most cited, optionally only those of one topic.
 *
 * Only the latest open may set the state (a co-author's page opens in the same tab). A merged
 * id is followed (docs/catalog-apis.md, Authors): OpenAlex answers with the surviving profile, whose id then names the works
 * asked for (its filters know no merged id) and the page's address (`onMoved`).
 */
import { batch, computed, signal } from '@preact/signals';
import type { ResearcherProfile, ResearcherS2Result, ResearcherWork, WireError, WorkOrder } from '@/lib/background/protocol';
import type { ask as askBackground } from '@/lib/ui/client';
import { failureOf } from '@/lib/ui/describe-failure';
import { authorPositions, coauthorNetwork } from './researcher-summary';

/** Works shown at first and added by each "Load more". */
export const WORKS_STEP = 25;

export type ProfileState =
  | { status: 'invalid' }
  | { status: 'loading'; id: string }
  | { status: 'unmatched'; id: string; fetchedAt: number }
  | { status: 'error'; id: string; failure: WireError }
  | { status: 'ready'; id: string; profile: ResearcherProfile; fetchedAt: number; stale: boolean };

export type S2State = ResearcherS2Result | { status: 'loading' };

export interface WorkList {
  works: ResearcherWork[];
  /** Catalog pages loaded. */
  pages: number;
  total: number | null;
  /** Every work the catalog finds is loaded. */
  complete: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
  failure: WireError | null;
  /** When the oldest loaded page was fetched. */
  fetchedAt: number | null;
}

const emptyList = (): WorkList => ({ works: [], pages: 0, total: null, complete: false, status: 'idle', failure: null, fetchedAt: null });
const emptyLists = (): Record<WorkOrder, WorkList> => ({ recent: emptyList(), cited: emptyList() });

const newestFirst = (a: ResearcherWork, b: ResearcherWork) => (b.year ?? 0) - (a.year ?? 0);
const mostCited = (a: ResearcherWork, b: ResearcherWork) => (b.citedBy ?? 0) - (a.citedBy ?? 0) || newestFirst(a, b);

interface Options {
  /** Told when the profile shown has another id than the one opened (a merged profile). */
  onMoved?: (id: string) => void;
}

export function createResearcherPage(ask: typeof askBackground, { onMoved }: Options = {}) {
  const profile = signal<ProfileState>({ status: 'invalid' });
  const s2 = signal<S2State>({ status: 'none' });
  const lists = signal(emptyLists());
  const order = signal<WorkOrder>('recent');
  const shown = signal(WORKS_STEP);
  const topic = signal<string | null>(null);
  let opened: { id: string; s2Id: string | null } | null = null;
  let generation = 0;

  /** The surviving id, once the profile is known. */
  const authorId = computed(() => (profile.value.status === 'ready' ? profile.value.id : null));
  /** Every work loaded, once, in the order first loaded (newest first). */
  const loaded = computed(() => {
    const seen = new Map<string, ResearcherWork>();
    for (const w of [...lists.value.recent.works, ...lists.value.cited.works]) if (!seen.has(w.id)) seen.set(w.id, w);
    return [...seen.values()];
  });
  const complete = computed(() => lists.value.recent.complete || lists.value.cited.complete);
  const positions = computed(() => authorPositions(loaded.value));
  const network = computed(() => (authorId.value ? coauthorNetwork(authorId.value, loaded.value) : null));
  /** The works in the chosen order: all sorted here once all are loaded, else the catalog's order. */
  const ordered = computed(() => {
    if (complete.value) return [...loaded.value].sort(order.value === 'cited' ? mostCited : newestFirst);
    return lists.value[order.value].works;
  });
  const filtered = computed(() => (topic.value ? ordered.value.filter((w) => w.topicIds.includes(topic.value!)) : ordered.value));
  const visible = computed(() => filtered.value.slice(0, shown.value));
  const list = computed(() => lists.value[order.value]);
  /** "Load more" can show more: loaded ones not shown yet, or another catalog page. */
  const canLoadMore = computed(() => filtered.value.length > shown.value || (!complete.value && list.value.status === 'ready'));

  function setList(which: WorkOrder, patch: Partial<WorkList>): void {
    lists.value = { ...lists.value, [which]: { ...lists.value[which], ...patch } };
  }

  async function loadPage(which: WorkOrder, page: number, revalidate = false): Promise<void> {
    const id = authorId.value;
    if (!id) return;
    const mine = generation;
    setList(which, { status: 'loading', failure: null });
    try {
      const r = await ask({ type: 'researcher-works', id, order: which, page, ...(revalidate ? { revalidate } : {}) });
      if (mine !== generation) return;
      const before = page === 1 ? [] : lists.value[which].works;
      const known = new Set(before.map((w) => w.id));
      const works = [...before, ...r.works.filter((w) => !known.has(w.id))];
      const fetchedAt = Math.min(r.fetchedAt, lists.value[which].fetchedAt ?? Infinity);
      setList(which, {
        works,
        pages: page,
        total: r.total,
        complete: r.works.length < r.pageSize || (r.total !== null && works.length >= r.total),
        status: 'ready',
        fetchedAt: page === 1 ? r.fetchedAt : fetchedAt,
      });
    } catch (e) {
      if (mine === generation) setList(which, { status: 'error', failure: failureOf(e) });
    }
  }

  async function loadS2(id: string, s2Id: string | null, revalidate: boolean): Promise<void> {
    const mine = generation;
    s2.value = { status: 'loading' };
    try {
      const r = await ask({ type: 'researcher-s2', id, ...(s2Id ? { s2Id } : {}), ...(revalidate ? { revalidate } : {}) });
      if (mine === generation) s2.value = r;
    } catch {
      if (mine === generation) s2.value = { status: 'none' };
    }
  }

  async function load(revalidate: boolean): Promise<void> {
    if (!opened) return;
    const { id, s2Id } = opened;
    const mine = ++generation;
    batch(() => {
      if (!revalidate || profile.value.status !== 'ready') profile.value = { status: 'loading', id };
      lists.value = emptyLists();
      shown.value = WORKS_STEP;
    });
    void loadS2(id, s2Id, revalidate);
    try {
      const r = await ask({ type: 'researcher-profile', id, ...(revalidate ? { revalidate } : {}) });
      if (mine !== generation) return;
      if (r.status === 'unmatched') {
        profile.value = { status: 'unmatched', id, fetchedAt: r.fetchedAt };
        return;
      }
      const surviving = r.profile.openalexId;
      profile.value = { status: 'ready', id: surviving, profile: r.profile, fetchedAt: r.fetchedAt, stale: r.stale };
      if (surviving !== id) onMoved?.(surviving);
      await loadPage('recent', 1, revalidate);
    } catch (e) {
      if (mine === generation) profile.value = { status: 'error', id, failure: failureOf(e) };
    }
  }

  return {
    profile, s2, lists, order, shown, topic,
    authorId, loaded, complete, positions, network, filtered, visible, list, canLoadMore,

    /** Shows researcher `id` (null: the address names none). */
    open(id: string | null, s2Id: string | null = null): void {
      if (opened?.id === id && profile.value.status !== 'invalid') return;
      batch(() => {
        order.value = 'recent';
        topic.value = null;
        s2.value = { status: 'none' };
      });
      if (!id) {
        opened = null;
        generation++;
        profile.value = { status: 'invalid' };
        return;
      }
      opened = { id, s2Id };
      void load(false);
    },

    /** After a failure: the profile again, or the page of works that failed. */
    retry(): void {
      if (profile.value.status === 'error') void load(false);
      else if (list.value.status === 'error') void loadPage(order.value, list.value.pages + 1);
    },

    /** Everything again from the catalogs, past the cache (e.g. back online with saved data shown). */
    refresh(): void {
      void load(true);
    },

    setOrder(next: WorkOrder): void {
      if (order.value === next) return;
      batch(() => {
        order.value = next;
        shown.value = WORKS_STEP;
      });
      if (!complete.value && lists.value[next].status === 'idle') void loadPage(next, 1);
    },

    /** Shows only the works of `id` (a T id); again, or null, shows all. */
    setTopic(id: string | null): void {
      batch(() => {
        topic.value = topic.value === id ? null : id;
        shown.value = WORKS_STEP;
      });
    },

    async loadMore(): Promise<void> {
      if (filtered.value.length <= shown.value && !complete.value && list.value.status === 'ready') {
        await loadPage(order.value, list.value.pages + 1);
      }
      shown.value += WORKS_STEP;
    },
  };
}

export type ResearcherPage = ReturnType<typeof createResearcherPage>;
