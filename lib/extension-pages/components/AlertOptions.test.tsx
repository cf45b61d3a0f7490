import { importSummary } from './AlertOptions';

const imported = (corrections: Partial<{ added: number; keptYours: number; overLimit: number; failed: boolean }>) =>
  ({ ok: true, added: 1, alreadyFollowed: 0, topics: 0, corrections: { added: 0, keptYours: 0, overLimit: 0, failed: false, ...corrections } }) as const;

describe('what an import says it did', () => {
  it('says how many of the file’s corrections were left out, and why: the reader’s own kept, or no room under the limit', () => {
    expect(importSummary(imported({ added: 2, keptYours: 1, overLimit: 4997 }))).toBe(
      'Imported 1 researcher; 2 corrections; 1 correction left out: you corrected the same authors differently here, and yours are kept; 4,997 corrections left out: Weft keeps at most 5,000, yours first.',
    );
  });

  it('says the corrections are missing when they could not be stored after the follows went in', () => {
    expect(importSummary(imported({ failed: true }))).toBe(
      'Imported 1 researcher; the corrections in the file could not be stored (is the disk full?): import the file again to add them.',
    );
  });
});
