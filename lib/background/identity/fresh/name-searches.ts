/**
 * Name searches of many names at once (docs/identity.md, Candidates): the names of papers of many
 * authors, on pages and listings in any tab, asked within a moment share one `display_name.search`
 * call of up to NAMES_PER_SEARCH names, ten credits where autocompletes would take forty requests
 * of OpenAlex's per-second cap.
 *
 * One search at a time. A search is the slowest request OpenAlex answers (seconds while it is
 * busy), and it holds one of the host's open requests and one of its places in the second until
 * it is answered (catalog/pacer.ts): several at once would hold back what the reader is looking
 * at. So names wait for the search in flight, and the next takes the most urgent of them; and
 * while a paper in view is being identified (`held`), searches for names less urgent wait too.
 */
import { PRIORITY, priorityOf, type Priority } from '../../catalog/pacer';
import { NAME_SEARCH_CREDITS, type CandidateProfile } from '../../catalog/openalex';
import type { IdentifierClient } from './sources/source';

/**
 * Names one name search asks for: their profiles (about two a name) must fit its one page of 200
 * (docs/identity.md, Candidates).
 */
export const NAMES_PER_SEARCH = 40;
/** How long the first name waits for others when no search is in flight: a listing starts the lookups of a block of papers at once, each after its own cache read. */
const GATHER_MS = 40;
/** How often searches held for the reader look again. */
const HELD_MS = 200;

/** What a search told of one name: the profiles it found, and what the name's share of the search cost in credits. */
export interface Searched {
  profiles: CandidateProfile[];
  credits: number;
}

interface Waiting {
  name: string;
  priority: Priority;
  promise: Promise<Searched | undefined>;
  resolve: (found: Searched | undefined) => void;
}

export interface NameSearchOptions {
  openalex: { at(priority: Priority): Pick<IdentifierClient, 'namesakes'> };
  /** Keeps a search's profiles (a decision then needs no profile call for them); awaited before its names are answered. */
  keep(profiles: CandidateProfile[]): Promise<void>;
  /** Whether the reader waits for a paper in view: searches for names less urgent wait (see the top). */
  held(): boolean;
  setTimer?: (fn: () => void, ms: number) => void;
}

export function createNameSearches({ openalex, keep, held, setTimer = (fn, ms) => void setTimeout(fn, ms) }: NameSearchOptions) {
  const waiting = new Map<string, Waiting>();
  /** The names of the search in flight, by key. */
  const flying = new Map<string, Promise<Searched | undefined>>();
  let busy = false;
  let armed = false;

  function arm(ms: number): void {
    if (busy || armed) return;
    armed = true;
    setTimer(() => void next(), ms);
  }

  async function next(): Promise<void> {
    armed = false;
    if (busy) return;
    const taken = [...waiting].sort(([, a], [, b]) => priorityOf(b.priority) - priorityOf(a.priority)).slice(0, NAMES_PER_SEARCH);
    if (taken.length === 0) return;
    if (priorityOf(taken[0]![1].priority) < PRIORITY.view && held()) return arm(HELD_MS);
    busy = true;
    for (const [key, w] of taken) {
      waiting.delete(key);
      flying.set(key, w.promise);
    }
    // The call goes at its most urgent name's priority, followed as that one is raised.
    const priority = { get value() { return Math.max(...taken.map(([, w]) => priorityOf(w.priority))); } };
    const found = await openalex.at(priority).namesakes(taken.map(([, w]) => w.name)).catch(() => null);
    if (found?.complete) await keep(found.profiles).catch(() => undefined);
    const credits = NAME_SEARCH_CREDITS / taken.length;
    for (const [key, w] of taken) {
      flying.delete(key);
      // Cut short (a common name among them: some may be missing), failed or refused: the autocompletes answer.
      w.resolve(found?.complete ? { profiles: found.profiles, credits } : undefined);
    }
    busy = false;
    void next();
  }

  return {
    /**
     * The profiles a search finds for `name` (under `key`, its folded form), or undefined when no
     * search answered for it: then the caller asks an autocomplete. `priority` may be raised while
     * the name waits.
     */
    find(key: string, name: string, priority: Priority): Promise<Searched | undefined> {
      const known = flying.get(key) ?? waiting.get(key)?.promise;
      if (known) return known;
      let resolve!: (found: Searched | undefined) => void;
      const promise = new Promise<Searched | undefined>((r) => (resolve = r));
      waiting.set(key, { name, priority, promise, resolve });
      arm(GATHER_MS);
      return promise;
    },

    /** Whether `key` waits for a search or is in one (a caller joining it did not ask for it). */
    has: (key: string): boolean => flying.has(key) || waiting.has(key),
  };
}
