// @vitest-environment happy-dom
import { screen } from '@testing-library/preact';
import { computed, signal } from '@preact/signals-core';
import { show, unshow } from '@/test/on-page';
import { NO_PROFILE, type IdentityNote } from '@/lib/catalog/identity';
import type { AuthorEntry, BadgeState } from '@/lib/ui/author-profiles';
import { AuthorCard } from './AuthorCard';
import { IdentityActions } from './IdentityActions';

const entry = (state: BadgeState): AuthorEntry => ({ index: 0, position: computed(() => 0), name: 'Ray Cao', lazy: false, state: signal(state) });
const unmatched = (note: IdentityNote): BadgeState => ({ kind: 'unmatched', identity: { ...NO_PROFILE, note } });
const nothing = async () => undefined;

afterEach(unshow);

describe('a profile that could not be loaded, on the card', () => {
  it('says what went wrong in words made from the failure’s kind, not the background’s diagnostic', () => {
    const e = entry({ kind: 'error', failure: { kind: 'timeout', message: 'GET api.openalex.org/people: no answer within 10000 ms', retryAt: null } });
    show(() => <AuthorCard entry={e} cardRef={{ current: null }} onClose={() => {}} onRetry={() => {}} onPointerEnter={() => {}} onPointerLeave={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe('Could not load this profile: The catalogs did not answer in time. Try again in a moment.');
  });
});

describe('an author without a profile, on the card', () => {
  it('says why in words made from the note the background sent', () => {
    const e = entry(unmatched({ kind: 'several-in-field', name: 'Ray Cao', profiles: 2, field: { name: 'Computer Science', why: 'category', paperField: 'Computer Science' } }));
    show(() => <AuthorCard entry={e} cardRef={{ current: null }} onClose={() => {}} onRetry={() => {}} onPointerEnter={() => {}} onPointerLeave={() => {}} />);
    expect(screen.getByText('2 profiles named Ray Cao in Computer Science, and nothing on this page tells them apart.')).toBeTruthy();
  });

  it('offers to undo only the reader’s own “no profile”, not Weft’s finding none', () => {
    const actions = (e: AuthorEntry) => () => <IdentityActions entry={e} onRefresh={nothing} loadCandidates={async () => []} onChoose={nothing} onUndo={nothing} />;
    show(actions(entry(unmatched({ kind: 'none-named', name: 'Ray Cao' }))));
    expect(document.querySelector('[data-weft-action="undo-correction"]')).toBeNull();
    show(actions(entry(unmatched({ kind: 'reader-none' }))));
    expect(document.querySelector('[data-weft-action="undo-correction"]')).not.toBeNull();
  });
});
