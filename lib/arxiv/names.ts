// Author-name forms on arXiv pages: the `citation_author` meta ("Surname, Given") versus the
// display text of div.authors ("Given Surname"), and a fold that lets the two be compared.

/** Runs of white space as one space, trimmed. */
export function collapseSpaces(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * Display form of a `citation_author` value: "Cao, Ray" → "Ray Cao",
 * "King, Jr., Martin" → "Martin King Jr.". Names without a comma ("李明") are unchanged.
 */
export function displayName(citationName: string): string {
  const parts = citationName
    .split(',')
    .map(collapseSpaces)
    .filter((p) => p !== '');
  const [surname = '', ...rest] = parts;
  if (rest.length === 0) return surname;
  const given = rest.pop() ?? '';
  return [given, surname, ...rest].join(' ');
}

// Letters that Unicode decomposition leaves alone but that people (and arXiv's TeX
// conversion) freely write without the stroke.
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  ħ: 'h',
};

// Metadata that was never TeX-converted still carries accents as macros ("Bal\'azs",
// "\o{}stergaard"); strip them so they compare equal to the UTF-8 link text.
const TEX_LETTERS: Readonly<Record<string, string>> = {
  o: 'ø', O: 'Ø', l: 'ł', L: 'Ł', ss: 'ß', ae: 'æ', AE: 'Æ', oe: 'œ', OE: 'Œ', aa: 'å', AA: 'Å', i: 'ı', j: 'j',
};

function detex(s: string): string {
  if (!s.includes('\\')) return s;
  return s
    .replace(/\\(ss|ae|AE|oe|OE|aa|AA|o|O|l|L|i|j)(?![A-Za-z])/g, (_, m: string) => TEX_LETTERS[m] ?? m)
    .replace(/\\[^A-Za-z\s]/g, '')
    .replace(/\\[A-Za-z]+\s*/g, '')
    .replace(/[{}]/g, '');
}

const MARK = /\p{M}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function isMark(ch: string): boolean {
  // Combining marks start at U+0300; skipping the regex below that keeps name folding cheap.
  return ch.charCodeAt(0) >= 0x300 && MARK.test(ch);
}

/** Whether `ch` would continue a word (a name must not end or start next to one). */
export function isWordChar(ch: string): boolean {
  return LETTER_OR_DIGIT.test(ch) || MARK.test(ch);
}

/**
 * One code point folded for comparison: lower-case, without accents; '' for anything that
 * is not a letter or digit. May return two letters (ß → ss).
 */
export function foldChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 128) {
    if (code >= 65 && code <= 90) return String.fromCharCode(code + 32);
    return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) ? ch : '';
  }
  let out = '';
  for (const c of ch.normalize('NFKD').toLowerCase()) {
    if (LETTER_OR_DIGIT.test(c)) out += UNDECOMPOSED[c] ?? c;
  }
  // Recompose what decomposition split without marks (Hangul syllables into jamo).
  return out.normalize('NFC');
}

const UNDECOMPOSED_RE = new RegExp(`[${Object.keys(UNDECOMPOSED).join('')}]`, 'g');
const NOT_WORD = /[^\p{L}\p{N}]+/u;
const MARKS = /\p{M}/gu;

/**
 * The folded words of a name: "José María García-López" → ["jose", "maria", "garcia", "lopez"].
 * Whole-string operations (foldChar's rules at once): pages read thousands of names in one go,
 * once, so this code runs cold and must not cost a function call per character.
 */
export function nameTokens(name: string): string[] {
  const folded = detex(name)
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(UNDECOMPOSED_RE, (c) => UNDECOMPOSED[c] ?? c)
    // Recompose what decomposition split without marks (Hangul syllables into jamo).
    .normalize('NFC');
  return folded.split(NOT_WORD).filter((t) => t !== '');
}

/** How an author may be written in div.authors, folded for comparison. */
export interface NameForms {
  /** The words before the first comma (all words when there is no comma). */
  surname: string[];
  /** Every word of the name. */
  tokens: Set<string>;
  /**
   * The letters run together, whatever the spacing, in display order ("raycao"), citation
   * order ("caoray") and with initials ("rcao").
   */
  keys: string[];
}

export function nameForms(citationName: string): NameForms {
  const parts = citationName
    .split(',')
    .map(nameTokens)
    .filter((words) => words.length > 0);
  const [surname = [], ...rest] = parts;
  const given = rest.pop();
  if (!given) return { surname, tokens: new Set(surname), keys: surname.length > 0 ? [surname.join('')] : [] };
  const middle = rest.flat();
  const keys = [[...given, ...surname, ...middle].join(''), [...surname, ...middle, ...given].join('')];
  const initials = given.map((word) => String.fromCodePoint(word.codePointAt(0) ?? 0));
  // Initials only exist in cased scripts: "R. Cao", but no abbreviated form of "佐藤 健".
  if (initials.every((c) => c !== c.toUpperCase())) keys.push(initials.join('') + surname.join(''));
  return { surname, tokens: new Set(parts.flat()), keys: [...new Set(keys)] };
}

/**
 * A name's words in any order, folded: "García-López, José María" and "José María García-López"
 * have one key. Two names are the same name when their keys are equal.
 */
export function nameKey(name: string): string {
  return nameTokens(name).sort().join(' ');
}
