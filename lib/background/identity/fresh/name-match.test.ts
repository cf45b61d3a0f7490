import { existsSync, readFileSync } from 'node:fs';
import { nameMatcher } from './name-match';

const AUTHOR = new URL('../../../../shared/fixtures/api/openalex/author-A5023888391.json', import.meta.url);
const haveFixture = existsSync(AUTHOR);
if (!haveFixture) console.warn(`[name-match.test] ${AUTHOR.pathname} is absent: the recorded-alternatives test is skipped`);

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

  it.skipIf(!haveFixture)('fits the recorded profile by each of its recorded names', () => {
    const author = JSON.parse(readFileSync(AUTHOR, 'utf8')) as { display_name: string; display_name_alternatives: string[] };
    const jason = nameMatcher('Jason Priem');
    expect([author.display_name, ...author.display_name_alternatives].every(jason)).toBe(true);
    expect(nameMatcher('Jason Price')(author.display_name)).toBe(false);
  });
});
