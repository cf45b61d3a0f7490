import { fillPositions, matchAuthors, foldName } from './match-authors';

const n = (name: string, alt?: string) => ({ name, alt });

describe('foldName', () => {
  it('strips accents, case and punctuation', () => {
    expect(foldName('José María García-López')).toBe('jose maria garcia lopez');
    expect(foldName('Łukasz Żyński')).toBe('lukasz zynski');
    expect(foldName('Søren Østergaard')).toBe('soren ostergaard');
  });
});

describe('matchAuthors', () => {
  it('pairs authors in order by name, not by position', () => {
    const page = [n('Ray Cao', 'Cao, Ray'), n('Alice Smith', 'Smith, Alice'), n('Bo Li', 'Li, Bo')];
    // The catalog lost Alice Smith: Bo Li is at position 1 there.
    const catalog = [n('Ray Cao', 'Ray Cao'), n('Bo Li', 'Li, Bo')];
    expect(matchAuthors(page, catalog)).toEqual([0, null, 1]);
  });

  it('matches initials, reordered and accent-free spellings', () => {
    const page = [n('José María García-López', 'García-López, José María'), n('Björn Åström', 'Åström, Björn')];
    const catalog = [n('J. M. Garcia-Lopez'), n('Bjorn Astrom')];
    expect(matchAuthors(page, catalog)).toEqual([0, 1]);
  });

  it('matches CJK names written without spaces, and reversed order', () => {
    const page = [n('李明', '李明'), n('健 佐藤', '健, 佐藤'), n('김민준', '김민준')];
    const catalog = [n('李明'), n('佐藤 健', '佐藤 健'), n('김민준')];
    expect(matchAuthors(page, catalog)).toEqual([0, 1, 2]);
  });

  it('never pairs a different person who shares a family name with a different initial', () => {
    expect(matchAuthors([n('Wei Zhang', 'Zhang, Wei')], [n('Yara Zhang')])).toEqual([null]);
  });

  it('uses the raw author name when the display name carries junk', () => {
    const catalog = [n('Ray Cao <img src=x onerror="x()">', 'Cao, Ray')];
    expect(matchAuthors([n('Ray Cao', 'Cao, Ray')], catalog)).toEqual([0]);
  });

  it('uses each catalog author once, even for homonyms', () => {
    const page = [n('Wei Zhang'), n('Wei Zhang')];
    expect(matchAuthors(page, [n('Wei Zhang'), n('Wei Zhang')])).toEqual([0, 1]);
    expect(matchAuthors(page, [n('Wei Zhang')])).toEqual([0, null]);
  });

  it('stays linear on thousands of authors', () => {
    const names = Array.from({ length: 3000 }, (_, i) => n(`Author${i} Family${i}`));
    const result = matchAuthors(names, names);
    expect(result[2999]).toBe(2999);
  });
});

describe('matchAuthors with compound family names', () => {
  it.each([
    ['Van Mechelen, Jan', 'Jan Van Mechelen'],
    ['De Wolf, Eddi', 'Eddi A De Wolf'],
    ["D'Hondt, Jorgen", "Jorgen D'Hondt"],
    ['Treberer-Treberspurg, Wolfgang', 'W. Treberer-Treberspurg'],
    ['Da Silveira, Gustavo Gil', 'Gustavo Gil da Silveira'],
    ['van der Berg, Anna', 'Anna van der Berg'],
  ])('pairs "%s" with "%s"', (page, catalog) => {
    expect(matchAuthors([n(page)], [n(catalog)])).toEqual([0]);
  });

  it('still tells apart people who share only a particle', () => {
    expect(matchAuthors([n('Van Mechelen, Jan')], [n('Jan Van Dijk')])).toEqual([null]);
  });
});

describe('fillPositions', () => {
  it('gives an unpaired name the one position its neighbours leave', () => {
    expect(fillPositions([0, null, 2], 3)).toEqual([0, 1, 2]);
    expect(fillPositions([null, 1, null], 3)).toEqual([0, 1, 2]);
    expect(fillPositions([0, null, null, 3, null], 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('leaves a name without a place when the gap does not fit it exactly', () => {
    // The block named a collaboration the reader took for a person; the persons start at 2.
    expect(fillPositions([null, 2, 3], 10)).toEqual([null, 2, 3]);
    expect(fillPositions([0, null, 3], 4)).toEqual([0, null, 3]);
    expect(fillPositions([0, null], 5)).toEqual([0, null]);
    expect(fillPositions([null, null], 0)).toEqual([null, null]);
  });
});
