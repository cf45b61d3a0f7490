import { arxivIdFromDoi, arxivIdFromUrl, toBareArxivId } from '../arxiv/ids';
import { bareDoi, bareOpenAlexId, bareOrcid, bareRor, isOpenAlexId, isS2AuthorId, requireArxivId } from './ids';
import { safeLink } from './links';

describe('toBareArxivId', () => {
  it.each([
    ['2406.05546', '2406.05546'],
    ['2406.05546v2', '2406.05546'],
    ['arXiv:2301.01234v3', '2301.01234'],
    ['0704.0001', '0704.0001'],
    [' hep-th/9901001v2 ', 'hep-th/9901001'],
    ['math.GT/0309136', 'math.GT/0309136'],
    ['math/0211159v2', 'math/0211159'],
  ])('%s → %s', (raw, bare) => expect(toBareArxivId(raw)).toBe(bare));

  it.each(['', 'abc', '2406.05546?x=1', '2406.05546/../..', 'hep-th/9901001#x', '2406.055', '../2406.05546'])('rejects %j', (raw) => {
    expect(toBareArxivId(raw)).toBeNull();
  });

  it('requireArxivId rejects with not-found before any request', () => {
    expect(() => requireArxivId('2406.05546&select=x')).toThrow(expect.objectContaining({ kind: 'not-found' }));
  });
});

describe('catalog id forms', () => {
  it('finds the arXiv id in an arXiv DOI, in any case', () => {
    expect(arxivIdFromDoi(bareDoi('https://doi.org/10.48550/arxiv.2312.07559'))).toBe('2312.07559');
    expect(arxivIdFromDoi('10.48550/arXiv.hep-th/9901001')).toBe('hep-th/9901001');
    expect(arxivIdFromDoi(bareDoi('https://doi.org/10.1038/s42256-024-00832-8'))).toBeNull();
    expect(arxivIdFromDoi(null)).toBeNull();
  });

  it('finds the arXiv id of arxiv.org landing pages by host only', () => {
    expect(arxivIdFromUrl('https://arxiv.org/abs/2304.05376')).toBe('2304.05376');
    expect(arxivIdFromUrl('http://arxiv.org/abs/2304.05376v2')).toBe('2304.05376');
    expect(arxivIdFromUrl('https://arxiv.org/pdf/hep-th/9901001v1.pdf')).toBe('hep-th/9901001');
    expect(arxivIdFromUrl('https://evil.example/abs/2304.05376')).toBeNull();
    expect(arxivIdFromUrl('https://arxiv.org.evil.example/abs/2304.05376')).toBeNull();
    expect(arxivIdFromUrl('javascript:alert(1)//arxiv.org/abs/2304.05376')).toBeNull();
    expect(arxivIdFromUrl('https://api.datacite.org/dois/10.48550/arxiv.2304.05376')).toBeNull();
  });

  it('makes OpenAlex, ROR, ORCID and DOI ids bare', () => {
    expect(bareOpenAlexId('https://openalex.org/A5023888391', 'A')).toBe('A5023888391');
    expect(bareOpenAlexId('w4389761608', 'W')).toBe('W4389761608');
    expect(bareOpenAlexId('https://openalex.org/W1', 'A')).toBeNull();
    expect(bareOpenAlexId('A1|A2', 'A')).toBeNull();
    expect(bareRor('https://ror.org/02nr0ka47')).toBe('02nr0ka47');
    expect(bareOrcid('https://orcid.org/0000-0001-6187-6610')).toBe('0000-0001-6187-6610');
    expect(bareDoi('https://doi.org/10.1016/j.xgen.2025.100814')).toBe('10.1016/j.xgen.2025.100814');
    expect(bareDoi('https://pubmed.ncbi.nlm.nih.gov/40120586')).toBeNull();
  });

  it('reads an OpenAlex id the same way from an answer, a request and a stored record', () => {
    expect(isOpenAlexId('A5023888391', 'A')).toBe(true);
    expect(isOpenAlexId('A5023888391', 'W')).toBe(false);
    expect(isOpenAlexId('a5023888391', 'A')).toBe(false);
    // An id too long for the grammar is refused as it arrives, not stored and refused later.
    expect(bareOpenAlexId('A1234567890123', 'A')).toBeNull();
    expect(isOpenAlexId('A1234567890123', 'A')).toBe(false);
    expect(isS2AuthorId('1741101')).toBe(true);
    expect(isS2AuthorId('1741101&x=1')).toBe(false);
  });
});

describe('safeHttpsUrl', () => {
  const host = 'www.semanticscholar.org';
  it('keeps https links on the expected host', () => {
    expect(safeLink('https://www.semanticscholar.org/paper/abc', host)).toBe('https://www.semanticscholar.org/paper/abc');
  });

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://www.semanticscholar.org/paper/abc',
    'https://www.semanticscholar.org.evil.example/paper/abc',
    'https://user:pw@www.semanticscholar.org/paper/abc',
    'not a url',
  ])('drops %j', (raw) => expect(safeLink(raw, host)).toBeNull());
});
