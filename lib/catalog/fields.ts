/**
 * The paper's field, for telling namesakes apart: the arXiv primary category's archive mapped to
 * an OpenAlex field (the level above subfields in OpenAlex's topic hierarchy). Old-style
 * archives (cmp-lg, alg-geom, chao-dyn, …) map to the field their successors belong to.
 * See docs/identity.md.
 */

export interface Field {
  /** OpenAlex field id (`17` for https://openalex.org/fields/17). */
  id: number;
  /** OpenAlex's name for it, as the reader sees it in a note. */
  name: string;
}

const COMPUTER_SCIENCE: Field = { id: 17, name: 'Computer Science' };
const MATHEMATICS: Field = { id: 26, name: 'Mathematics' };
const PHYSICS: Field = { id: 31, name: 'Physics and Astronomy' };
const BIOLOGY: Field = { id: 13, name: 'Biochemistry, Genetics and Molecular Biology' };
const ECONOMICS: Field = { id: 20, name: 'Economics, Econometrics and Finance' };
const ENGINEERING: Field = { id: 22, name: 'Engineering' };

const ARCHIVES: readonly [RegExp, Field][] = [
  [/^(cs|cmp-lg)$/, COMPUTER_SCIENCE],
  [/^(math|math-ph|stat|q-alg|alg-geom|dg-ga|funct-an|bayes-an)$/, MATHEMATICS],
  [/^(physics|hep-[a-z]+|astro-ph|cond-mat|quant-ph|gr-qc|nucl-[a-z]+|nlin|chao-dyn|solv-int|patt-sol|adap-org|comp-gas|acc-phys|ao-sci|atom-ph|chem-ph|mtrl-th|plasm-ph|supr-con)$/, PHYSICS],
  [/^q-bio$/, BIOLOGY],
  [/^(q-fin|econ)$/, ECONOMICS],
  [/^eess$/, ENGINEERING],
];

/**
 * The OpenAlex field of an arXiv category (`cs.DC`, `hep-th`, `math.GT`) or of an old-style
 * id's archive (`hep-th/9901001`); null when the category is missing or maps to no field.
 */
export function fieldOfCategory(category: string | null | undefined): Field | null {
  const archive = (category ?? '').trim().toLowerCase().split(/[./]/)[0] ?? '';
  return ARCHIVES.find(([pattern]) => pattern.test(archive))?.[1] ?? null;
}

/**
 * Fields whose people often write papers in this one's archives (a computer scientist's eess or
 * stat paper, a mathematician's q-fin one): where a guess may still be looked for when no
 * profile of the name works in the paper's own field (docs/identity.md, The field). Computer
 * Science has none: its papers are written by its own people.
 */
const NEIGHBOURS: ReadonlyMap<number, readonly Field[]> = new Map([
  [ENGINEERING.id, [COMPUTER_SCIENCE, PHYSICS]],
  [MATHEMATICS.id, [COMPUTER_SCIENCE, PHYSICS, ECONOMICS]],
  [PHYSICS.id, [MATHEMATICS, ENGINEERING, COMPUTER_SCIENCE]],
  [ECONOMICS.id, [MATHEMATICS, COMPUTER_SCIENCE]],
  [BIOLOGY.id, [COMPUTER_SCIENCE]],
]);

/** The fields next to `field`, nearest first; none for a field Weft does not map to. */
export function neighboursOf(field: Field): readonly Field[] {
  return NEIGHBOURS.get(field.id) ?? [];
}

/** The field id in an OpenAlex field URL (`https://openalex.org/fields/17` → 17), else null. */
export function fieldIdOf(url: string | null | undefined): number | null {
  const m = /(?:^|\/)fields\/(\d+)$/.exec(url?.trim() ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * The arXiv archives a profile working in an OpenAlex field most likely posts in, for same-day
 * alerts when no paper of theirs was seen on arXiv's pages yet (docs/same-day-alerts.md, "Which
 * announcements"). Physics has none: its people post in a dozen archives (hep-th, cond-mat,
 * astro-ph, quant-ph…) and one guessed wrong would miss every paper; they are learned from pages.
 */
const WATCHED_ARCHIVES: ReadonlyMap<number, readonly string[]> = new Map([
  [COMPUTER_SCIENCE.id, ['cs']],
  [MATHEMATICS.id, ['math']],
  [ECONOMICS.id, ['econ', 'q-fin']],
  [ENGINEERING.id, ['eess']],
  [BIOLOGY.id, ['q-bio']],
]);

export function archivesOfField(fieldId: number): readonly string[] {
  return WATCHED_ARCHIVES.get(fieldId) ?? [];
}
