import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nameMatcher } from './name-match';
import { andRecorded, madeUpJson, recordedResponses } from '../../catalog/test-helpers';

// A made-up OpenAlex author always; the recorded one too when the recordings are beside the repo.
const RECORDED = recordedResponses('name-match.test', 'openalex');
type Author = { display_name: string; display_name_alternatives: string[] };

const fits = (page: string, catalog: string) => nameMatcher(page)(catalog);

describe('nameMatcher', () => {
  it('lets an initial stand for the name it begins', () => {
    expect(fits('Ray Cao', 'R. Cao')).toBe(true);
    expect(fits('R. Cao', 'Ray Cao')).toBe(true);
    expect(fits('R. Cao', 'Rui Cao')).toBe(true);
  });

  it('tells different first names apart, however alike', () => {
    expect(fits('Ray Cao', 'Rui Cao')).toBe(false);
    expect(fits('Ray Cao', 'Ray Chao')).toBe(false);
    expect(fits('Alan Smith', 'John A. Smith')).toBe(false);
    expect(fits('Ray Cao', 'Cao')).toBe(false);
  });

  it('allows a missing or added middle name', () => {
    expect(fits('Ray Cao', 'Ray J. Cao')).toBe(true);
    expect(fits('Ray J. Cao', 'Ray Cao')).toBe(true);
    expect(fits('Ray J. Cao', 'Ray K. Cao')).toBe(false);
    expect(fits('Jan Van Mechelen', 'J. Van Mechelen')).toBe(true);
  });

  it('reads the citation order and family-first names without a comma', () => {
    expect(fits('Ray Cao', 'Cao, Ray')).toBe(true);
    expect(fits('Martin King Jr.', 'King, Jr., Martin')).toBe(true);
    expect(fits('Ray Cao', 'Cao Ray')).toBe(true);
    expect(fits('佐藤 健', '健 佐藤')).toBe(true);
  });

  it('ignores accents, case and punctuation', () => {
    expect(fits('Zoë Dupré', 'Zoe Dupre')).toBe(true);
    expect(fits('JOSÉ GARCÍA-LÓPEZ', 'José García López')).toBe(true);
    expect(fits('Bal\\\'azs Szegedy', 'Balázs Szegedy')).toBe(true);
  });

  it('has no initials in uncased scripts', () => {
    expect(fits('李明', '李明')).toBe(true);
    expect(fits('佐藤 健', '佐藤 健一')).toBe(false);
  });

  it('never fits a missing name', () => {
    expect(nameMatcher('Ray Cao')(null)).toBe(false);
    expect(nameMatcher('Ray Cao')('')).toBe(false);
  });

  it.each(andRecorded(
    RECORDED,
    { answers: 'made-up', author: () => madeUpJson<Author>('openalex-author.json'), page: 'Mira Okonkwo-Hale', other: 'Mara Okonkwo-Hale' },
    () => ({
      answers: 'recorded', author: () => JSON.parse(readFileSync(join(RECORDED!, 'author-A5023888391.json'), 'utf8')) as Author,
      page: 'Jason Priem', other: 'Jason Price',
    }),
  ))('fits the $answers profile by each of its names', ({ author, page, other }) => {
    const { display_name: name, display_name_alternatives: alternatives } = author();
    expect([name, ...alternatives].every(nameMatcher(page))).toBe(true);
    expect(nameMatcher(other)(name)).toBe(false);
  });
});
