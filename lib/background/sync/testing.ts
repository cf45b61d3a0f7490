/** Test helpers for browser sync (never imported by the extension). */
import { itemBytes, MIN_WRITE_INTERVAL_MS, SYNC_QUOTA, type SyncArea } from './browser-sync';

export const clone = <T,>(x: T): T => (x === undefined ? x : (JSON.parse(JSON.stringify(x)) as T));

/**
 * The browsers' sync service between profiles, at the level of the extension API: each profile's
 * `storage.sync` answers and takes writes at once, offline too, with Chrome's quotas and change
 * events; when sync runs, each profile's unsent writes and removals go up (the last one up wins a
 * key, as the service decides it) and every profile's copy comes down, firing `onChanged` where
 * it changed.
 */
export function syncService() {
  const server = new Map<string, unknown>();
  const devices: { copy: Map<string, unknown>; unsent: Set<string>; fire: (changes: Record<string, unknown>) => void }[] = [];

  function profile(): SyncArea & { writes: number } {
    const copy = new Map<string, unknown>();
    const unsent = new Set<string>();
    const listeners: ((changes: Record<string, unknown>) => void)[] = [];
    const fire = (changes: Record<string, unknown>) => listeners.forEach((l) => l(changes));
    devices.push({ copy, unsent, fire });
    const area = {
      writes: 0,
      get: async (keys: string[] | null) => Object.fromEntries([...copy.keys()].filter((k) => !keys || keys.includes(k)).map((k) => [k, clone(copy.get(k))])),
      async set(items: Record<string, unknown>) {
        for (const [k, v] of Object.entries(items)) if (itemBytes(k, v) > SYNC_QUOTA.bytesPerItem) throw new Error('QUOTA_BYTES_PER_ITEM quota exceeded');
        const after = new Map([...copy, ...Object.entries(items)]);
        if ([...after].reduce((n, [k, v]) => n + itemBytes(k, v), 0) > SYNC_QUOTA.bytes) throw new Error('QUOTA_BYTES quota exceeded');
        if (after.size > SYNC_QUOTA.items) throw new Error('MAX_ITEMS quota exceeded');
        area.writes += 1;
        for (const [k, v] of Object.entries(items)) {
          copy.set(k, clone(v));
          unsent.add(k);
        }
        fire(Object.fromEntries(Object.entries(items).map(([k, v]) => [k, { newValue: v }])));
      },
      async remove(keys: string[]) {
        area.writes += 1;
        for (const k of keys) {
          copy.delete(k);
          unsent.add(k);
        }
        fire(Object.fromEntries(keys.map((k) => [k, {}])));
      },
      onChanged: { addListener: (l: (changes: Record<string, unknown>) => void) => void listeners.push(l) },
    };
    return area;
  }

  /** Sync runs: the devices' unsent writes go up in this order, then everyone's copy comes down. */
  function run(order = devices) {
    for (const d of order) {
      for (const k of d.unsent) {
        if (d.copy.has(k)) server.set(k, clone(d.copy.get(k)));
        else server.delete(k);
      }
      d.unsent.clear();
    }
    for (const d of devices) {
      const changes: Record<string, unknown> = {};
      for (const [k, v] of server) {
        if (JSON.stringify(d.copy.get(k)) === JSON.stringify(v)) continue;
        d.copy.set(k, clone(v));
        changes[k] = { newValue: v };
      }
      for (const k of [...d.copy.keys()]) {
        if (server.has(k)) continue;
        d.copy.delete(k);
        changes[k] = {};
      }
      if (Object.keys(changes).length) d.fire(changes);
    }
  }

  return { server, profile, run, devices };
}

/** A profile whose merges a test runs (its browser-sync engine). */
interface Merging {
  engine: { merge(): Promise<void> };
}

/** Lets the merges the events started (and any write held back by the write rate) finish. */
export async function settle(...profiles: Merging[]): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await vi.advanceTimersByTimeAsync(MIN_WRITE_INTERVAL_MS);
    for (const p of profiles) await p.engine.merge();
  }
}

/** Both computers online: what each changed goes up, and each takes the other's. */
export async function online(service: ReturnType<typeof syncService>, laptop: Merging, desktop: Merging): Promise<void> {
  await settle(laptop, desktop);
  service.run();
  await settle(laptop, desktop);
  service.run();
  await settle(laptop, desktop);
}
