import type { FollowsState } from '@/lib/background/protocol';
import { problemLine, unreadableText } from './AlertMode';

type ReadProblem = NonNullable<FollowsState['sameDay']['problem']>;

const problem = (p: Partial<ReadProblem> & Pick<ReadProblem, 'kind'>): ReadProblem =>
  ({ at: 0, address: 'arxiv.org/list/cs/new', status: null, unreadable: null, listedAs: null, ...p });

describe('what the settings say of the last read’s problem', () => {
  it('words each kind from the data the background kept', () => {
    expect(problemLine(problem({ kind: 'network', status: 500 }))).toBe('The last read failed (arxiv.org/list/cs/new answered HTTP 500); Weft tries again later.');
    expect(problemLine(problem({ kind: 'network' }))).toBe('The last read failed (arxiv.org/list/cs/new did not answer); Weft tries again later.');
    expect(problemLine(problem({ kind: 'rate-limited', status: 503 }))).toBe('The last read failed (arxiv.org/list/cs/new asked Weft to slow down); Weft tries again later.');
    expect(problemLine(problem({ kind: 'internal', address: null }))).toBe('The last read failed (an error in Weft); Weft tries again later.');
    expect(problemLine(problem({ kind: 'not-updated', address: null, listedAs: '2026-12-01' }))).toBe('arXiv did not list an announcement for Tue, Dec 1 (a holiday?).');
    expect(unreadableText(problem({ kind: 'unreadable', unreadable: 'declarations' }))).toBe(
      'Weft could not read arXiv’s last announcement (arxiv.org/list/cs/new: an XML document with declarations); it tries again with the next one.',
    );
  });

  it('leaves to the mode what the mode says, and says no more than a problem an older Weft kept in words', () => {
    expect(problemLine(problem({ kind: 'no-access' }))).toBeNull();
    expect(problemLine(problem({ kind: 'unreadable', unreadable: 'too-large' }))).toBeNull();
    expect(problemLine(null)).toBeNull();
    expect(problemLine(problem({ kind: 'network', address: null }))).toBe('The last read failed; Weft tries again later.');
    expect(problemLine(problem({ kind: 'not-updated', address: null }))).toBeNull();
    expect(unreadableText(problem({ kind: 'unreadable', address: null }))).toBe('Weft could not read arXiv’s last announcement; it tries again with the next one.');
  });
});
