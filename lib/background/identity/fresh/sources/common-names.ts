/**
 * Common names (docs/identity.md, Shared works: the request plan): an author of a common name,
 * still without evidence after the shared works, may have a true profile beyond the ten its
 * lookup gave (the most cited namesakes, not the likeliest). The recent works of the co-authors'
 * linked profiles name their collaborators: a profile there whose name is this author's joins
 * the candidates, the work its evidence (judged as a shared work: shared-works.ts). One call,
 * while credits last.
 */
import { MAX_FILTER_IDS } from '../plan';
import { holdsName, nameMatcher } from '../name-match';
import { addWorks } from './shared-works';
import type { Batch, EvidenceSource } from './source';

export const commonNames: EvidenceSource = {
  name: 'common names in co-authors\' works',
  cost: (batch) => ({ requests: 0, credits: coauthorsOf(batch).coauthors.length > 0 ? 1 : 0 }),
  async gather(batch) {
    const { wanted, coauthors } = coauthorsOf(batch);
    if (coauthors.length === 0 || !batch.credits.take()) return;
    const { works } = await batch.worksJoining([coauthors], true);
    for (const { s, slot } of wanted) {
      const linked = new Set(s.slots.flatMap((other) => other.plan.linked ?? []));
      const fits = nameMatcher(slot.author.name);
      for (const w of works) {
        if (!w.authorIds.some((id) => linked.has(id))) continue;
        w.authorIds.forEach((id, k) => {
          const name = w.authorNames?.[k] ?? '';
          if (linked.has(id) || slot.ids.includes(id) || !holdsName(name, slot.author.name) || !fits(name)) return;
          // A candidate only once its profile is found (an authorship may name no author record).
          slot.ids.push(id);
        });
      }
      slot.plan = { candidates: slot.ids, linked: null };
    }
    addWorks(batch.papers, works);
  },
};

/** The crowded authors still without evidence, and their co-authors' linked profiles (one filter's worth). */
function coauthorsOf({ papers }: Batch) {
  const wanted = papers.flatMap((s) => s.slots.filter((slot) => slot.crowded && !slot.plan.linked).map((slot) => ({ s, slot })));
  const coauthors = [...new Set(wanted.flatMap(({ s }) => s.slots.flatMap((slot) => slot.plan.linked ?? [])))].slice(0, MAX_FILTER_IDS);
  return { wanted, coauthors };
}
