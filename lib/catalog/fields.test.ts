import { fieldIdOf, fieldOfCategory } from './fields';

describe('fieldOfCategory', () => {
  it.each([
    ['cs.DC', 17], ['cs.LG', 17], ['cmp-lg', 17],
    ['math.GT', 26], ['stat.ML', 26], ['math-ph', 26], ['alg-geom', 26],
    ['hep-th', 31], ['astro-ph.CO', 31], ['cond-mat.mes-hall', 31], ['quant-ph', 31], ['gr-qc', 31], ['nucl-ex', 31], ['nlin.CD', 31], ['physics.optics', 31], ['chao-dyn', 31],
    ['q-bio.GN', 13], ['q-fin.ST', 20], ['econ.EM', 20], ['eess.SP', 22],
  ])('maps %s to OpenAlex field %i', (category, id) => {
    expect(fieldOfCategory(category)?.id).toBe(id);
  });

  it('reads the archive of an old-style id and ignores case', () => {
    expect(fieldOfCategory('hep-th/9901001')?.id).toBe(31);
    expect(fieldOfCategory('CS.dc')?.id).toBe(17);
  });

  it('knows no field for an unknown or missing category', () => {
    expect(fieldOfCategory('bogus.XX')).toBeNull();
    expect(fieldOfCategory(null)).toBeNull();
    expect(fieldOfCategory('')).toBeNull();
  });

  it('names the field as OpenAlex does', () => {
    expect(fieldOfCategory('cs.DC')?.name).toBe('Computer Science');
  });
});

describe('fieldIdOf', () => {
  it('reads OpenAlex field URLs', () => {
    expect(fieldIdOf('https://openalex.org/fields/17')).toBe(17);
    expect(fieldIdOf('fields/26')).toBe(26);
    expect(fieldIdOf('https://openalex.org/subfields/1702')).toBeNull();
    expect(fieldIdOf(null)).toBeNull();
  });
});
