/**
 * The reader's corrections on a listing's answer (`papers-authors`): each entry's slots go through
 * the abs page's rule (identities.ts, `slotIdentities`), so a person corrected on any page shows
 * so on every listing and search result too (docs/identity.md, The reader's corrections).
 */
import type { BatchAnswer, PaperAnswer, SlotAnswer } from './paper-batches';
import { toWireError } from '../errors';
import { NO_PROFILE, type Identity } from '../../catalog/identity';
import type { AuthorMetrics } from '../../catalog/types';
import type { Freshness, WireError } from '../../shared/protocol/wire';
import type { Correction } from './corrections';
import { slotIdentities } from './identities';

/** The abs page's metrics path for chosen profiles (services/author.ts `createAuthorMetrics`). */
export type MetricsOf = (ids: string[]) => Promise<{ metrics: Record<string, AuthorMetrics> } & Freshness>;

/** Who a listing slot says the author is, before the reader's correction. */
function identityOf(slot: SlotAnswer): Identity {
  if (slot.state === 'ready') return slot.identity ?? { ...NO_PROFILE, match: slot.match, openalexId: slot.metrics.openalexId, s2Id: slot.s2Id };
  return slot.state === 'unmatched' ? (slot.identity ?? NO_PROFILE) : NO_PROFILE;
}

/** A corrected slot: the chosen profile with its numbers, or no profile (the reader said so). */
function correctedSlot(identity: Identity, got: ({ metrics: Record<string, AuthorMetrics> } & Freshness) | { error: WireError }, followed: ReadonlySet<string> | null): SlotAnswer {
  const id = identity.openalexId;
  if (!id) return { state: 'unmatched', identity };
  if (followed && !followed.has(id)) return { state: 'not-followed' };
  if ('error' in got) return { state: 'error', error: got.error };
  const m = got.metrics[id];
  // A profile the reader chose is not the one the record's institutions belong to.
  return m ? { state: 'ready', match: 'reader', metrics: m, institutions: [], s2Id: identity.s2Id, identity } : { state: 'unmatched', identity };
}

/**
 * `answer` with the reader's corrections applied to every answered paper (`names`: each paper's
 * printed authors, in the order asked). The chosen profiles' numbers are fetched in one batch;
 * without corrections the answer goes as it is. Papers answered `identifying` are corrected
 * when their slots come (they are asked for again).
 */
export async function correctListing(
  answer: BatchAnswer,
  names: readonly (readonly string[])[],
  corrections: readonly Correction[],
  followed: ReadonlySet<string> | null,
  metricsOf: MetricsOf,
): Promise<BatchAnswer> {
  if (!corrections.length) return answer;
  // Per paper, per slot: its corrected identity, or null where no correction applies.
  const changed = answer.papers.map((p, k) => {
    if (!('slots' in p)) return null;
    const base = p.slots.map(identityOf);
    const corrected = slotIdentities(p.arxivId, names[k] ?? [], { evidence: base }, corrections);
    return corrected.map((identity, i) => (identity === base[i] ? null : identity));
  });
  if (!changed.some((slots) => slots?.some(Boolean))) return answer;
  const ids = [...new Set(changed.flatMap((slots) => slots?.flatMap((c) => (c?.openalexId && (!followed || followed.has(c.openalexId)) ? [c.openalexId] : [])) ?? []))];
  const empty = { metrics: {}, fetchedAt: Infinity, stale: false };
  const got = ids.length ? await metricsOf(ids).catch((e: unknown) => ({ error: toWireError(e) })) : empty;
  const papers = answer.papers.map((p, k): PaperAnswer => {
    const slots = changed[k];
    if (!slots || !('slots' in p) || !slots.some(Boolean)) return p;
    const fresh = 'error' in got ? empty : got;
    return {
      ...p,
      slots: p.slots.map((slot, i) => (slots[i] ? correctedSlot(slots[i], got, followed) : slot)),
      fetchedAt: Math.min(p.fetchedAt, fresh.fetchedAt),
      stale: p.stale || fresh.stale,
    };
  });
  return { ...answer, papers };
}
