import { signal } from '@preact/signals-core';
import { Component } from 'preact';
import type { Candidate, Evidence } from '@/lib/catalog/identity';
import type { AuthorEntry } from '@/lib/ui/author-profiles';
import { describeFailure, failureOf } from '@/lib/ui/describe-failure';
import { formatInteger } from '@/lib/ui/format';
import { trusted } from '@/lib/ui/trusted';

interface Props {
  entry: AuthorEntry;
  /** Loads the catalog's and the paper's data for this author again, bypassing the cache. */
  onRefresh: () => Promise<void>;
  loadCandidates: () => Promise<Candidate[]>;
  /** The reader's choice: a profile, or none; `everywhere`: for this name with these co-authors. */
  onChoose: (openalexId: string | null, everywhere: boolean) => Promise<void>;
  onUndo: () => Promise<void>;
}

type Picker =
  | { kind: 'closed' }
  | { kind: 'loading' }
  | { kind: 'error'; text: string }
  | { kind: 'open'; candidates: Candidate[] };

/** Why a candidate is thought to be the author, in the reader's words. */
export function evidenceText(e: Evidence): string {
  switch (e.kind) {
    case 'coauthors':
      return `shares ${formatInteger(e.sharedWorks)} ${e.sharedWorks === 1 ? 'paper' : 'papers'} with ${e.coauthors.join(' and ')}, authors of this paper`;
    case 'orcid':
      return `the ORCID printed on the paper (${e.orcid}) is this profile's`;
    case 'affiliation':
      return `works at ${e.institution}, as printed on the paper`;
    case 'field':
      return `works in ${e.field}`;
  }
}

function CandidateRow({ c, onPick }: { c: Candidate; onPick: () => void }) {
  const facts = [
    c.institution,
    c.worksCount !== null ? `${formatInteger(c.worksCount)} works` : null,
    c.hIndex !== null ? `h ${c.hIndex}` : null,
  ].filter(Boolean);
  return (
    <li>
      <button type="button" class="candidate" data-weft-candidate={c.openalexId} onClick={trusted(onPick)}>
        <b>{c.name}</b>
        <span class="facts">{facts.join(' · ') || 'no details in the catalog'}</span>
        {c.evidence.length > 0 && <span class="why">{c.evidence.map(evidenceText).join('; ')}</span>}
      </button>
    </li>
  );
}

/**
 * The card's identity actions: Refresh, and "Not this person?" with the other profiles of the
 * name (and No profile), remembered as the reader's correction, with Undo. Its own state is in
 * signals on the class: components on arXiv pages use no hooks (lib/page/mount.ts).
 */
export class IdentityActions extends Component<Props> {
  picker = signal<Picker>({ kind: 'closed' });
  everywhere = signal(false);
  busy = signal(false);
  status = signal<string | null>(null);
  undoable = signal(false);

  render({ entry, onRefresh, loadCandidates, onChoose, onUndo }: Props) {
    const { picker, everywhere, busy, status, undoable } = this;
    const state = entry.state.value;
    const corrected = state.kind === 'ready' ? state.match === 'reader' : state.kind === 'unmatched' && !!state.identity?.note;

    async function run(what: () => Promise<void>, done: string, failed: string) {
      busy.value = true;
      status.value = null;
      try {
        await what();
        status.value = done;
      } catch (e) {
        status.value = `${failed}: ${describeFailure(failureOf(e)).title}.`;
      } finally {
        busy.value = false;
      }
    }

    async function openPicker() {
      picker.value = { kind: 'loading' };
      try {
        picker.value = { kind: 'open', candidates: await loadCandidates() };
      } catch (e) {
        picker.value = { kind: 'error', text: describeFailure(failureOf(e)).title };
      }
    }

    const choose = (id: string | null) =>
      void run(
        async () => {
          await onChoose(id, everywhere.value);
          picker.value = { kind: 'closed' };
          undoable.value = true;
        },
        id ? 'Profile changed: Weft will remember it.' : 'Marked as having no profile.',
        'Could not save the correction',
      );

    const p = picker.value;
    return (
      <div class="identity-actions">
        <div class="actions">
          <button
            type="button"
            class="action"
            data-weft-action="refresh"
            disabled={busy.value}
            onClick={trusted(() => void run(onRefresh, 'Refreshed from the catalogs.', 'Could not refresh'))}
          >
            ↻ Refresh
          </button>
          <button
            type="button"
            class="action"
            data-weft-action="not-this-person"
            aria-expanded={p.kind !== 'closed'}
            onClick={trusted(() => (p.kind === 'closed' ? void openPicker() : (picker.value = { kind: 'closed' })))}
          >
            {state.kind === 'unmatched' ? 'Choose the profile…' : 'Not this person?'}
          </button>
          {(undoable.value || corrected) && (
            <button
              type="button"
              class="action"
              data-weft-action="undo-correction"
              disabled={busy.value}
              onClick={trusted(() => void run(async () => { await onUndo(); undoable.value = false; }, 'Correction taken back.', 'Could not undo'))}
            >
              Undo correction
            </button>
          )}
        </div>
        {p.kind === 'loading' && <p class="note" aria-busy="true">Looking for profiles named “{entry.name}”…</p>}
        {p.kind === 'error' && (
          <p class="note" role="alert">
            Could not list the profiles: {p.text}.{' '}
            <button type="button" class="action" data-weft-action="retry" onClick={trusted(() => void openPicker())}>Retry</button>
          </p>
        )}
        {p.kind === 'open' && (
          <div class="picker" role="group" aria-label={`Profiles named ${entry.name}`}>
            {p.candidates.length === 0 && <p class="note">OpenAlex has no other profile of this name.</p>}
            <ul class="candidates">
              {p.candidates.map((c) => <CandidateRow key={c.openalexId} c={c} onPick={() => choose(c.openalexId)} />)}
            </ul>
            <label class="everywhere">
              {/* On click, not change: a refused click is prevented, so the box never shows a choice not made. */}
              <input type="checkbox" checked={everywhere.value} onClick={trusted((e) => (everywhere.value = e.currentTarget.checked))} />
              Use this profile for {entry.name} on other papers with these co-authors
            </label>
            <button type="button" class="action" data-weft-action="no-profile" onClick={trusted(() => choose(null))}>No profile fits</button>
          </div>
        )}
        <p class="note" role="status">{status.value}</p>
      </div>
    );
  }
}
