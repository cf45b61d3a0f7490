import { keyHelpUrl, safeLink } from './links';

describe('safeLink', () => {
  it.each([
    ['https://openalex.org/A5023888391', 'https://openalex.org/A5023888391'],
    ['https://www.semanticscholar.org/author/1741101', 'https://www.semanticscholar.org/author/1741101'],
    ['  https://arxiv.org/abs/2406.05546 ', 'https://arxiv.org/abs/2406.05546'],
    ['https://doi.org/10.1038/s42256-024-00832-8', 'https://doi.org/10.1038/s42256-024-00832-8'],
  ])('keeps %s', (raw, expected) => {
    expect(safeLink(raw)).toBe(expected);
  });

  it.each([
    'javascript:window.__weftPwned=1',
    ' JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://arxiv.org/abs/2406.05546',
    'https://evil.example/abs/1',
    'https://arxiv.org.evil.example/abs/1',
    'https://user:pw@arxiv.org/abs/1',
    '/abs/2406.05546',
    '',
    null,
  ])('drops %s', (raw) => {
    expect(safeLink(raw)).toBeNull();
  });
});

describe('keyHelpUrl', () => {
  it("links each catalog's own page for getting a key", () => {
    expect(keyHelpUrl('openalex')).toBe('https://openalex.org/settings/api');
    expect(keyHelpUrl('s2')).toBe('https://www.semanticscholar.org/product/api#api-key-form');
    expect(safeLink(keyHelpUrl('s2'))).not.toBeNull();
  });
});
