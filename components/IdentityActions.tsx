import { signal } from '@preact/signals-core';
import { Component } from 'preact';
import type { Candidate, Evidence } from '@/lib/catalog/identity';
import type { AuthorEntry } from '@/lib/ui/author-profiles';
import { describeFailure, failureOf } from '@/lib/ui/describe-failure';
import { formatCount, formatInteger } from '@/lib/ui/format';
import { t } from '@/lib/shared/i18n';
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
      return t(e.sharedWorks === 1 ? 'evidenceCoauthor' : 'evidenceCoauthors', formatInteger(e.sharedWorks), e.coauthors.join(t('and')));
    case 'orcid':
      return t('evidenceOrcid', e.orcid);
    case 'affiliation':
      return t('evidenceAffiliation', e.institution);
    case 'field':
      return t('evidenceField', e.field);
  }
}

function CandidateRow({ c, onPick }: { c: Candidate; onPick: () => void }) {
  const facts = [
    c.institution,
    c.worksCount !== null ? formatCount(c.worksCount, 'workCount', 'worksCount') : null,
    c.hIndex !== null ? t('badgeH', formatInteger(c.hIndex)) : null,
  ].filter(Boolean);
  return (
    <li>
      <button type="button" class="candidate" data-weft-candidate={c.openalexId} onClick={trusted(onPick)}>
        <b>{c.name}</b>
        <span class="facts">{facts.join(' · ') || t('noDetails')}</span>
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
    const corrected = state.kind === 'ready' ? state.match === 'reader' : state.kind === 'unmatched' && state.identity?.note?.kind === 'reader-none';

    async function run(what: () => Promise<void>, done: string, failed: string) {
      busy.value = true;
      status.value = null;
      try {
        await what();
        status.value = done;
      } catch (e) {
        status.value = t('failedBecause', failed, describeFailure(failureOf(e)).title);
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
        t(id ? 'profileChanged' : 'markedNoProfile'),
        t('correctionFailed'),
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
            onClick={trusted(() => void run(onRefresh, t('refreshed'), t('refreshFailed')))}
          >
            {t('refresh')}
          </button>
          <button
            type="button"
            class="action"
            data-weft-action="not-this-person"
            aria-expanded={p.kind !== 'closed'}
            onClick={trusted(() => (p.kind === 'closed' ? void openPicker() : (picker.value = { kind: 'closed' })))}
          >
            {t(state.kind === 'unmatched' ? 'chooseProfile' : 'notThisPerson')}
          </button>
          {(undoable.value || corrected) && (
            <button
              type="button"
              class="action"
              data-weft-action="undo-correction"
              disabled={busy.value}
              onClick={trusted(() => void run(async () => { await onUndo(); undoable.value = false; }, t('correctionUndone'), t('undoFailed')))}
            >
              {t('undoCorrection')}
            </button>
          )}
        </div>
        {p.kind === 'loading' && <p class="note" aria-busy="true">{t('lookingForProfiles', entry.name)}</p>}
        {p.kind === 'error' && (
          <p class="note" role="alert">
            {t('listProfilesFailed', p.text)}{' '}
            <button type="button" class="action" data-weft-action="retry" onClick={trusted(() => void openPicker())}>{t('retry')}</button>
          </p>
        )}
        {p.kind === 'open' && (
          <div class="picker" role="group" aria-label={t('profilesNamed', entry.name)}>
            {p.candidates.length === 0 && <p class="note">{t('noOtherProfile')}</p>}
            <ul class="candidates">
              {p.candidates.map((c) => <CandidateRow key={c.openalexId} c={c} onPick={() => choose(c.openalexId)} />)}
            </ul>
            <label class="everywhere">
              {/* On click, not change: a refused click is prevented, so the box never shows a choice not made. */}
              <input type="checkbox" checked={everywhere.value} onClick={trusted((e) => (everywhere.value = e.currentTarget.checked))} />
              {t('useEverywhere', entry.name)}
            </label>
            <button type="button" class="action" data-weft-action="no-profile" onClick={trusted(() => choose(null))}>{t('noProfileFits')}</button>
          </div>
        )}
        <p class="note" role="status">{status.value}</p>
      </div>
    );
  }
}
