/**
 * The check lease: while one check runs, no other may start (an alarm firing during "Check
 * now", a second worker instance). Kept in `storage.session`, which extension pages share with
 * the worker and the browser clears on restart. It expires on its own, so a worker killed
 * mid-check blocks checking for at most `ttlMs` — and not at all once a new worker starts
 * (`reclaim`): an extension runs one worker at a time, so a lease it finds held by another
 * owner belongs to one that was stopped.
 */
import { storage } from 'wxt/utils/storage';
import { LEASE_KEY } from '../../shared/follows/model';

interface LeaseRecord {
  owner: string;
  /** Epoch ms. */
  expiresAt: number;
}

const leaseItem = storage.defineItem<LeaseRecord | null>(`session:${LEASE_KEY}`, { fallback: null });

export interface Lease {
  /** Takes (or extends) the lease; false while another owner holds an unexpired one. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
  /** On worker start: drops a lease left by a worker that was stopped mid-check. */
  reclaim(): Promise<void>;
  /** Whether anyone holds an unexpired lease (for the popup's "checking…"). */
  held(): Promise<boolean>;
}

/**
 * `storage.session` refusing a write (its quota) must not stop checks: the lease is then this
 * worker's alone, and the check's own single flight keeps it to one check at a time here.
 */
const unkept = (e: unknown) => console.warn('Weft: could not write the check lease; checking without it', e);

export function createLease({ owner = crypto.randomUUID(), ttlMs = 2 * 60_000, now = Date.now } = {}): Lease {
  async function current(): Promise<LeaseRecord | null> {
    const lease = await leaseItem.getValue();
    return lease && lease.expiresAt > now() ? lease : null;
  }
  return {
    async acquire() {
      const lease = await current();
      if (lease && lease.owner !== owner) return false;
      await leaseItem.setValue({ owner, expiresAt: now() + ttlMs }).catch(unkept);
      return true;
    },
    async release() {
      const lease = await leaseItem.getValue();
      if (lease?.owner === owner) await leaseItem.removeValue().catch(unkept);
    },
    async reclaim() {
      const lease = await leaseItem.getValue();
      if (lease && lease.owner !== owner) await leaseItem.removeValue().catch(unkept);
    },
    async held() {
      return (await current()) !== null;
    },
  };
}
