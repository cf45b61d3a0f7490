import type { FieldNeed, ImportProblem } from '@/lib/shared/follows/file';
import { parseFollowFile } from '@/lib/shared/follows/file';
import { importProblemText } from './import-problem';

const NEEDS: Record<FieldNeed, true> = {
  object: true, text: true, number: true, 'whole-number': true, 'in-range': true, list: true, date: true,
  'true-or-false': true, 'text-or-null': true, categories: true, names: true, short: true,
};

/** Every kind of problem, and every need of a field: a kind missing here fails type-checking. */
const PROBLEMS: { [K in ImportProblem['kind']]: Extract<ImportProblem, { kind: K }>[] } = {
  'too-large': [{ kind: 'too-large' }],
  'not-json': [{ kind: 'not-json' }],
  'not-weft': [{ kind: 'not-weft' }],
  newer: [{ kind: 'newer', version: 4 }],
  'too-many': (['follows', 'corrections', 'topics'] as const).map((list) => ({ kind: 'too-many', list, count: 5001, max: 5000 })),
  field: [
    ...(Object.keys(NEEDS) as FieldNeed[]).map((need) => ({ kind: 'field' as const, list: 'corrections' as const, entry: 2, field: 'index', need })),
    { kind: 'field', list: null, entry: 0, field: 'version', need: 'number' },
  ],
  'not-author-id': [{ kind: 'not-author-id', list: 'follows', entry: 3, value: 'javascript:alert(1)' }],
  'not-arxiv-id': [{ kind: 'not-arxiv-id', list: 'corrections', entry: 1, value: '../etc' }],
  'over-limit': [{ kind: 'over-limit', total: 1001, max: 1000 }],
  'not-imported': [{ kind: 'not-imported' }],
};

describe('importProblemText', () => {
  it('words every kind of problem with a message of its own, ending as a sentence', () => {
    const texts = Object.values(PROBLEMS).flat().map(importProblemText);
    for (const text of texts) expect(text).toMatch(/^\S.*\.$/);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('names where the problem is and what is wrong, as the file’s reader needs', () => {
    const words = (text: string) => {
      const parsed = parseFollowFile(text);
      return parsed.ok ? 'imported' : importProblemText(parsed.problem);
    };
    expect(words(JSON.stringify({ format: 'weft-follows', version: 3, follows: [], topics: [{ query: 5 }] }))).toBe('Topic 1 is not valid: “query” must be text.');
    expect(words(JSON.stringify({ format: 'weft-follows', version: 2, follows: [{ id: 'A1' }, { id: 'A2', followedAt: -5 }] }))).toBe('Entry 2 is not valid: “followedAt” must be a date.');
    expect(words(JSON.stringify({ format: 'weft-follows', version: 'three', follows: [] }))).toBe('This file is not a Weft follow list: “version” must be a number.');
    expect(words(JSON.stringify({ format: 'weft-follows', version: 3, follows: [], topics: [{ query: 'x'.repeat(5000) }] }))).toBe('Topic 1 is not valid: “query” is longer than 120 characters.');
    expect(words('[]')).toBe('This file is not a Weft follow list: choose one exported by Weft.');
    expect(importProblemText({ kind: 'over-limit', total: 1001, max: 1000 })).toBe('Importing would make 1,001 researchers; Weft follows at most 1,000. Nothing was imported.');
  });
});
