import { arxivDoi, formatArxivId, isBareArxivId, parseArxivId } from './ids';
import { arxivAbsUrl } from './urls';

describe('parseArxivId', () => {
  const valid: [input: string, id: string, version: number | null][] = [
    // new-style ids
    ['0704.0001', '0704.0001', null],
    ['1412.9999', '1412.9999', null],
    ['1501.00001', '1501.00001', null],
    ['2406.05546', '2406.05546', null],
    ['2406.05546v5', '2406.05546', 5],
    ['1607.08199v12', '1607.08199', 12],
    // old-style ids
    ['hep-th/9901001', 'hep-th/9901001', null],
    ['hep-th/9901001v3', 'hep-th/9901001', 3],
    ['cs/0006007', 'cs/0006007', null],
    ['math.GT/0309136', 'math.GT/0309136', null],
    ['math.GT/0309136v2', 'math.GT/0309136', 2],
    ['math.gt/0309136', 'math.GT/0309136', null],
    ['HEP-TH/9901001', 'hep-th/9901001', null],
    ['cond-mat.mes-hall/0102001', 'cond-mat.mes-hall/0102001', null],
    ['hep-lat/9108001', 'hep-lat/9108001', null],
    ['math/0703999', 'math/0703999', null],
    // arXiv: prefix
    ['arXiv:2406.05546', '2406.05546', null],
    ['arxiv:2406.05546v2', '2406.05546', 2],
    ['ARXIV:hep-th/9901001', 'hep-th/9901001', null],
    ['arXiv: 2406.05546', '2406.05546', null],
    ['arXiv : 2406.05546', '2406.05546', null],
    // URLs
    ['https://arxiv.org/abs/2406.05546', '2406.05546', null],
    ['https://arxiv.org/abs/2406.05546v3', '2406.05546', 3],
    ['https://arxiv.org/abs/hep-th/9901001v2', 'hep-th/9901001', 2],
    ['https://arxiv.org/abs/math.GT/0309136', 'math.GT/0309136', null],
    ['https://arxiv.org/pdf/2406.05546', '2406.05546', null],
    ['https://arxiv.org/pdf/2406.05546v2.pdf', '2406.05546', 2],
    ['https://arxiv.org/pdf/2406.05546.pdf', '2406.05546', null],
    ['https://arxiv.org/pdf/cs/0006007v1', 'cs/0006007', 1],
    ['https://arxiv.org/html/2406.05546v1', '2406.05546', 1],
    ['https://arxiv.org/html/2406.05546v1/', '2406.05546', 1],
    ['https://www.arxiv.org/abs/2406.05546', '2406.05546', null],
    ['https://export.arxiv.org/abs/2406.05546', '2406.05546', null],
    ['http://arxiv.org/abs/2406.05546', '2406.05546', null],
    ['HTTPS://ARXIV.ORG/abs/2406.05546', '2406.05546', null],
    ['https://arxiv.org/abs/2406.05546/', '2406.05546', null],
    ['https://arxiv.org/abs/2406.05546?context=cs', '2406.05546', null],
    ['https://arxiv.org/abs/2406.05546v2#S1', '2406.05546', 2],
    ['arxiv.org/abs/2406.05546', '2406.05546', null],
    // surrounding whitespace
    ['  2406.05546\n', '2406.05546', null],
    ['\t https://arxiv.org/abs/2406.05546 ', '2406.05546', null],
  ];

  it.each(valid)('%j → %s v%s', (input, id, version) => {
    expect(parseArxivId(input)).toEqual({ id, version });
  });

  const invalid: string[] = [
    '',
    '   ',
    '2413.00001', // month 13
    '2400.00001', // month 00
    '0703.0001', // before new-style ids began
    '1412.00001', // 5 digits before 2015
    '1501.0001', // 4 digits from 2015
    '2406.123', // 3 digits
    '2406.123456', // 6 digits
    '2406.00000',
    '2406.05546v0',
    '2406.05546v',
    '2406.05546 extra',
    'x2406.05546',
    'hep-th/990100', // 6 digits
    'hep-th/99010011',
    'hep-th/9913001', // month 13
    'hep-th/0801001', // old style after 2007-03
    'hep-th/9901000',
    '/hep-th/9901001',
    'hello world',
    'arXiv:',
    'javascript:alert(1)',
    'javascript:2406.05546',
    'doi:10.48550/arXiv.2406.05546',
    'https://example.org/abs/2406.05546',
    'https://arxiv.org.evil.com/abs/2406.05546',
    'https://arxiv.org/list/cs.DC/new',
    'https://arxiv.org/abs/',
    'https://arxiv.org/abs/2406.05546/extra',
    'https://arxiv.org/src/2406.05546',
    'https://arxiv.org/html/2406.05546v1/S1.html',
    'ftp://arxiv.org/abs/2406.05546',
  ];

  it.each(invalid)('%j → null', (input) => {
    expect(parseArxivId(input)).toBeNull();
  });
});

describe('isBareArxivId', () => {
  it.each(['2406.05546', '0704.0001', 'hep-th/9901001', 'cs/0006007', 'math.GT/0309136'])('%s is bare', (id) => {
    expect(isBareArxivId(id)).toBe(true);
  });

  it.each([
    '2406.05546v2',
    'hep-th/9901001v1',
    'arXiv:2406.05546',
    ' 2406.05546',
    'https://arxiv.org/abs/2406.05546',
    'HEP-TH/9901001',
    'math.gt/0309136',
    '2413.00001',
    '',
  ])('%j is not', (s) => {
    expect(isBareArxivId(s)).toBe(false);
  });
});

describe('formatting', () => {
  it('formats an id with and without version', () => {
    expect(formatArxivId('2406.05546')).toBe('2406.05546');
    expect(formatArxivId('2406.05546', null)).toBe('2406.05546');
    expect(formatArxivId('2406.05546', 3)).toBe('2406.05546v3');
    expect(formatArxivId('hep-th/9901001', 2)).toBe('hep-th/9901001v2');
  });

  it('builds the abs URL', () => {
    expect(arxivAbsUrl('2406.05546')).toBe('https://arxiv.org/abs/2406.05546');
    expect(arxivAbsUrl('hep-th/9901001')).toBe('https://arxiv.org/abs/hep-th/9901001');
  });

  it('builds the DataCite DOI in OpenAlex form', () => {
    expect(arxivDoi('2406.05546')).toBe('10.48550/arxiv.2406.05546');
    expect(arxivDoi('hep-th/9901001')).toBe('10.48550/arxiv.hep-th/9901001');
    expect(arxivDoi('math.GT/0309136')).toBe('10.48550/arxiv.math/0309136');
  });
});
