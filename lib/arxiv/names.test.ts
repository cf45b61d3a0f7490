import { displayName, nameForms, nameKey as wordsKey, nameTokens } from './names';

const nameKey = (name: string) => nameTokens(name).join('');

describe('displayName', () => {
  it.each([
    ['Cao, Ray', 'Ray Cao'],
    ['King, Jr., Martin', 'Martin King Jr.'],
    ['Finger Jr., M.', 'M. Finger Jr.'],
    ['Sirunyan, A. M.', 'A. M. Sirunyan'],
    ['García-López, José María', 'José María García-López'],
    ['健, 佐藤', '佐藤 健'],
    ['CMS, The', 'The CMS'],
    ['李明', '李明'],
    ['김민준', '김민준'],
    ['  Cao ,   Ray  ', 'Ray Cao'],
    ['Smith,', 'Smith'],
  ])('%j → %j', (citation, display) => {
    expect(displayName(citation)).toBe(display);
  });
});

describe('name folding', () => {
  it('ignores case, accents, punctuation and undecomposable letters', () => {
    expect(nameTokens('José María García-López')).toEqual(['jose', 'maria', 'garcia', 'lopez']);
    expect(nameTokens('Łukasz Żyński')).toEqual(['lukasz', 'zynski']);
    expect(nameTokens('Søren Østergaard')).toEqual(['soren', 'ostergaard']);
    expect(nameTokens('Wolfgang R. Plaß')).toEqual(['wolfgang', 'r', 'plass']);
    expect(nameTokens('A.M. Sirunyan')).toEqual(['a', 'm', 'sirunyan']);
    expect(nameTokens('Nguyễn Văn An')).toEqual(['nguyen', 'van', 'an']);
  });

  it('reads decomposed accents like precomposed ones', () => {
    expect(nameKey('Dupre\u0301')).toBe(nameKey('Dupré'));
  });

  it('strips TeX accent macros', () => {
    expect(nameKey("Bal\\'azs")).toBe('balazs');
    expect(nameKey("Bal\\'{a}zs")).toBe('balazs');
    expect(nameKey('\\o{}stergaard')).toBe('ostergaard');
    expect(nameKey('Fran\\c{c}ois M\\"uller')).toBe('francoismuller');
    expect(nameKey('Pla\\ss')).toBe('plass');
  });

  it('keeps CJK and Hangul as letters', () => {
    expect(nameTokens('佐藤 健')).toEqual(['佐藤', '健']);
    expect(nameKey('김민준')).toBe('김민준');
  });

});

describe('nameForms', () => {
  it('takes the surname from the part before the first comma', () => {
    expect(nameForms('Müller-Schröder, François').surname).toEqual(['muller', 'schroder']);
    expect(nameForms('King, Jr., Martin').surname).toEqual(['king']);
    expect(nameForms('李明').surname).toEqual(['李明']);
  });

  it('collects every word', () => {
    expect([...nameForms('King, Jr., Martin').tokens]).toEqual(['king', 'jr', 'martin']);
  });

  it('spells the name in display order, citation order and with initials', () => {
    expect(nameForms('Cao, Ray').keys).toEqual(['raycao', 'caoray', 'rcao']);
    expect(nameForms('King, Jr., Martin').keys).toEqual(['martinkingjr', 'kingjrmartin', 'mking']);
    expect(nameForms('Halpern, Joseph Y.').keys).toEqual(['josephyhalpern', 'halpernjosephy', 'jyhalpern']);
    expect(nameForms('健, 佐藤').keys).toEqual(['佐藤健', '健佐藤']);
    expect(nameForms('李明').keys).toEqual(['李明']);
  });
});

describe('nameKey', () => {
  it('is the same for the same name however printed or ordered', () => {
    expect(wordsKey('Zoë  Dupré')).toBe(wordsKey('dupre, zoe'));
    expect(wordsKey('Ray Cao')).not.toBe(wordsKey('Rui Cao'));
  });
});
