/**
 * The lookups of names (docs/identity.md, Candidates): every name of a paper no catalog has, on
 * pages and listings in any tab, waits in one queue, most urgent first, for one of two requests:
 *
 * - an autocomplete: free, but one request of OpenAlex's per-second cap for one name;
 * - a name search: one `display_name.search` call for up to NAMES_PER_SEARCH names, ten credits.
 *
 * A name is searched when its paper has more authors than autocompletes could look up in the time
 * a reader gives it (a collaboration), and when the reader has reached it: names of entries in
 * view, on the next screen or scrolled past still loading, that the autocompletes have left
 * waiting SEARCH_AFTER_MS, SEARCH_BACKLOG or more of them. A reader slower than the autocompletes
 * costs no credits; one who outpaces them is caught up forty names a request, by searches alone
 * while a whole search's worth of them waits. A search takes the
 * names the reader reached, most urgent first, and fills its forty with those ahead: its ten
 * credits are paid either way.
 *
 * Autocompletes go AUTOCOMPLETE_WINDOW at a time into the host's queue (catalog/pacer.ts), enough
 * to keep its open requests busy: the other names wait here, where a search can still take them.
 *
 * One search at a time. A search is the slowest request OpenAlex answers (seconds while it is
 * busy), and it holds one of the host's open requests and one of its places in the second until
 * it is answered: several at once would hold back what the reader is looking at. So searches with
 * no name in view wait (`held`) while the reader's screen is being identified, and those of the
 * next screen while a page's first screen is: it is decided before the collaboration below it is
 * searched.
 */
import { PRIORITY, priorityOf, type Priority } from '../../catalog/pacer';
import { NAME_SEARCH_CREDITS, type AuthorSuggestion, type CandidateProfile } from '../../catalog/openalex';
import { holdsName, nameMatcher } from './name-match';
import type { IdentifierClient } from './sources/source';

/**
 * Names one name search asks for: their profiles (about two a name) must fit its one page of 200
 * (docs/identity.md, Candidates).
 */
export const NAMES_PER_SEARCH = 40;
/** Autocompletes in the host's queue at once (twice as many when the names are in view): more than its open requests (catalogs.ts), so a freed place never waits for the next. */
export const AUTOCOMPLETE_WINDOW = 10;
/** How long the reader's names wait for autocompletes before a search takes them… */
export const SEARCH_AFTER_MS = 500;
/** …when at least this many wait: a second of the keyless cap (fewer are done sooner by autocompletes). */
export const SEARCH_BACKLOG = 10;
/** How long a collaboration's names wait for others when no search is in flight: a listing starts the lookups of a block of papers at once, each after its own cache read. */
const GATHER_MS = 40;
/** How often the queue looks again while names wait: a name's priority is raised by its readers, not through the queue. */
const CHECK_MS = 200;
/** Profiles of one name an autocomplete gives, at most. */
export const NAMESAKES_PER_NAME = 10;

/** A name's candidates as an autocomplete gives them, and the name's share of a search's credits (0 for an autocomplete). */
export interface NameLookup {
  hits: AuthorSuggestion[];
  credits: number;
}

/** always: a collaboration's name; when-behind: searched only if the reader waits for it; never: a search could not answer for it. */
type Way = 'always' | 'when-behind' | 'never';

interface Waiting {
  name: string;
  priority: Priority;
  way: Way;
  since: number;
  promise: Promise<NameLookup>;
  resolve: (found: NameLookup) => void;
  reject: (error: unknown) => void;
}

export interface NameLookupOptions {
  openalex: { at(priority: Priority): Pick<IdentifierClient, 'namesakes' | 'autocomplete'> };
  /** Keeps a search's profiles (a decision then needs no profile call for them); awaited before its names are answered. */
  keep(profiles: CandidateProfile[]): Promise<void>;
  /** Whether a paper at `atLeast` or more urgent is being identified (its names read or its decision taken). */
  held(atLeast: number): boolean;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => void;
}

export function createNameLookups({ openalex, keep, held, now = Date.now, setTimer = (fn, ms) => void setTimeout(fn, ms) }: NameLookupOptions) {
  const waiting = new Map<string, Waiting>();
  /** Names asked for and not yet answered, by key: a second reader joins the first. */
  const asked = new Map<string, Promise<NameLookup>>();
  let autocompleting = 0;
  let searching = false;
  let armed = false;
  let soon = false;

  const urgency = (w: Waiting) => priorityOf(w.priority);
  const mostUrgent = (ws: Iterable<[string, Waiting]>) => [...ws].sort(([, a], [, b]) => urgency(b) - urgency(a));
  /** The reader is at the name's entry or past it: everything but the look-ahead (pacer.ts PRIORITY). */
  const reached = (w: Waiting) => urgency(w) >= PRIORITY.near || urgency(w) < PRIORITY.ahead;

  /** The names a search could take at `t`, and those of them the reader has waited for (SEARCH_AFTER_MS). */
  function searchable(t: number) {
    const all = [...waiting].filter(([, w]) => w.way !== 'never');
    return { all, behind: all.filter(([, w]) => w.way === 'when-behind' && reached(w) && t - w.since >= SEARCH_AFTER_MS) };
  }

  function arm(ms: number): void {
    if (armed) return;
    armed = true;
    setTimer(() => {
      armed = false;
      pump();
    }, ms);
  }

  function pump(): void {
    // A reader a whole search ahead of the autocompletes is caught up by searches alone: forty
    // names a request, where autocompletes would spend a request of the cap on each name that
    // the reader's shared-works and figures calls wait for.
    const caughtUpBySearches = searchable(now()).behind.length >= NAMES_PER_SEARCH;
    if (!caughtUpBySearches) {
      for (const [key, w] of mostUrgent(waiting)) {
        // The names in view go into the host's queue past a window of less urgent ones: it sends
        // them first (pacer.ts), and they are never left to a search while autocompletes wait.
        if (autocompleting >= (urgency(w) >= PRIORITY.view ? 2 : 1) * AUTOCOMPLETE_WINDOW) break;
        if (w.way !== 'always') void autocomplete(key, w);
      }
    }
    if (!searching) void search();
    if (waiting.size > 0) arm(!searching && [...waiting.values()].some((w) => w.way === 'always') ? GATHER_MS : CHECK_MS);
  }

  /** Looks once the caller's other names are here too: a read asks for all its names in one go. */
  function pumpSoon(): void {
    if (soon) return;
    soon = true;
    queueMicrotask(() => {
      soon = false;
      pump();
    });
  }

  function answered(key: string, w: Waiting, found: NameLookup): void {
    asked.delete(key);
    w.resolve(found);
  }

  async function autocomplete(key: string, w: Waiting): Promise<void> {
    waiting.delete(key);
    autocompleting++;
    try {
      answered(key, w, { hits: await openalex.at(w.priority).autocomplete('authors', w.name), credits: 0 });
    } catch (e) {
      asked.delete(key);
      w.reject(e);
    } finally {
      autocompleting--;
      pump();
    }
  }

  /**
   * The names of the next search, or none (see the top): the reader's names left behind, most
   * urgent first; else a collaboration's names gathered. Either way filled with names of the
   * look-ahead, never with the reader's names the autocompletes are about to answer.
   */
  function nextSearch(): [string, Waiting][] {
    const t = now();
    const { all, behind } = searchable(t);
    const gathered = all.some(([, w]) => w.way === 'always' && t - w.since >= GATHER_MS);
    const first = behind.length >= SEARCH_BACKLOG
      ? all.filter(([, w]) => reached(w))
      : gathered ? all.filter(([, w]) => w.way === 'always') : [];
    if (first.length === 0) return [];
    const chosen = new Set(first.map(([key]) => key));
    const fill = all.filter(([key, w]) => !reached(w) && !chosen.has(key));
    return [...mostUrgent(first), ...mostUrgent(fill)].slice(0, NAMES_PER_SEARCH);
  }

  async function search(): Promise<void> {
    const taken = nextSearch();
    if (taken.length === 0) return;
    const top = urgency(taken[0]![1]);
    if (top < PRIORITY.view && held(top >= PRIORITY.near ? PRIORITY.first : PRIORITY.view)) return;
    searching = true;
    for (const [key] of taken) waiting.delete(key);
    // The call goes at its most urgent name's priority, followed as that one is raised.
    const priority = { get value() { return Math.max(...taken.map(([, w]) => urgency(w))); } };
    const found = await openalex.at(priority).namesakes(taken.map(([, w]) => w.name)).catch(() => null);
    if (found?.complete) await keep(found.profiles).catch(() => undefined);
    const credits = NAME_SEARCH_CREDITS / taken.length;
    for (const [key, w] of taken) {
      // Cut short (a common name among them: some may be missing), failed or refused: autocompletes answer.
      if (found?.complete) answered(key, w, { hits: suggestionsFor(w.name, found.profiles), credits });
      else waiting.set(key, { ...w, way: 'never' });
    }
    searching = false;
    pump();
  }

  return {
    /**
     * The candidates of `name` (under `key`, its folded form): an autocomplete's, or a name
     * search's (`collaboration`: always; otherwise when the reader waits for it, see the top).
     * `priority` may be raised while the name waits.
     */
    find(key: string, name: string, priority: Priority, collaboration: boolean): Promise<NameLookup> {
      const known = asked.get(key);
      if (known) {
        const w = waiting.get(key);
        if (w && collaboration && w.way === 'when-behind') w.way = 'always';
        return known;
      }
      let resolve!: (found: NameLookup) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<NameLookup>((res, rej) => ((resolve = res), (reject = rej)));
      asked.set(key, promise);
      waiting.set(key, { name, priority, way: collaboration ? 'always' : 'when-behind', since: now(), promise, resolve, reject });
      pumpSoon();
      return promise;
    },

    /** Whether `key` is asked for already (a caller joining it did not ask for it). */
    has: (key: string): boolean => asked.has(key),
  };
}

/**
 * What an autocomplete for `name` alone finds among a name search's profiles (the name within
 * the profile's), at most ten, the most cited first. Another name's profile may fit this one
 * loosely ("Zahra H. Mahmoud" read family name first).
 */
function suggestionsFor(name: string, profiles: readonly CandidateProfile[]): AuthorSuggestion[] {
  const fits = nameMatcher(name);
  return profiles.filter((p) => holdsName(p.displayName, name) && fits(p.displayName))
    .sort((a, b) => (b.citedBy ?? 0) - (a.citedBy ?? 0))
    .slice(0, NAMESAKES_PER_NAME)
    .map((p) => ({ id: p.openalexId, name: p.displayName, hint: p.lastKnownInstitutions[0]?.name ?? null, citedBy: p.citedBy, works: p.works }));
}
