/**
 * When OpenAlex's spent daily budget resets, per key (docs/catalog-apis.md, Keys, credits and
 * the daily allowance). Remembered in `storage.session`: it outlives the service worker (which
 * Chrome stops after 30 s idle) so a restarted worker does not spend a request to learn again
 * that the budget is gone, and content scripts cannot read it (docs/reliability.md, Security
 * baseline). A budget belongs to its key: a key is remembered by a hash, never as itself, and
 * a new or changed key starts with nothing spent.
 */
import { storage } from 'wxt/utils/storage';
import { allowanceBackAt } from '../allowance';

/** Reset times by key hash (`keyless` for no key), epoch ms. */
type Spent = Record<string, number>;

/** Where the reset times live; null keeps them in memory only (one client's lifetime). */
export type BudgetStore = { getValue(): Promise<Spent>; setValue(value: Spent): Promise<void> } | null;

export const sessionBudgetStore: BudgetStore = storage.defineItem<Spent>('session:openalexBudget', { fallback: {} });

const KEYLESS = 'keyless';

/** A key's name in the store: the first 16 hex digits of its SHA-256. */
async function keyHash(key: string | null): Promise<string> {
  if (!key) return KEYLESS;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function createBudgetMemory(store: BudgetStore, now: () => number = Date.now) {
  let spent: Promise<Spent> | undefined;
  /** Read once per worker; a store that fails to read forgets, as memory alone would. */
  const load = () =>
    (spent ??= (store?.getValue() ?? Promise.resolve({})).then(
      (stored: unknown): Spent => {
        const entries = typeof stored === 'object' && stored !== null ? Object.entries(stored) : [];
        return Object.fromEntries(entries.filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])));
      },
      (e: unknown): Spent => {
        console.warn('[weft] could not read the remembered OpenAlex budget', e);
        return {};
      },
    ));

  return {
    /**
     * Epoch ms when `key`'s budget resets; 0 unless it is known to be spent. Checked against the
     * clock on every read, both ways: past (the clock moved forward) it is forgotten, and beyond
     * the next reset of the allowance (the clock was set back since it was stored) it is held
     * to that reset (allowance.ts).
     */
    async resetAt(key: string | null): Promise<number> {
      const at = (await load())[await keyHash(key)] ?? 0;
      const t = now();
      return at > t ? allowanceBackAt(at, t) : 0;
    },

    /** Remembers that `key`'s budget is spent until `resetAt`. */
    async spent(key: string | null, resetAt: number): Promise<void> {
      const all = await load();
      const id = await keyHash(key);
      all[id] = Math.max(all[id] ?? 0, resetAt);
      for (const [k, at] of Object.entries(all)) if (at <= now()) delete all[k];
      await store?.setValue({ ...all }).catch((e: unknown) => console.warn('[weft] could not remember the OpenAlex budget', e));
    },
  };
}

export type BudgetMemory = ReturnType<typeof createBudgetMemory>;
