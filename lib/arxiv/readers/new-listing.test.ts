// @vitest-environment happy-dom
import { listedDate, readNewListing, subjectCategories } from './new-listing';
import { fixtureDocument, loadHtml, present, sharedPagesAvailable } from './test-helpers';
import { newListingHtml } from '../../../e2e/fake-announcement.mjs';

sharedPagesAvailable('lib/arxiv/readers/new-listing');

describe('reading a /new listing as an announcement', () => {
  it('reads each entry with its section, every category (primary first), its title and names as text, and the abstract on demand', () => {
    const html = newListingHtml('Tuesday, 1 December 2026', [
      { heading: 'New submissions (showing 1 of 1 entries)', entries: [{ id: '2612.00001', title: 'Fast &lt;b&gt;Things&lt;/b&gt; at <i>Scale</i>', authors: ['Ray Cao', 'Li Ming'], subjects: '<span class="primary-subject">Machine Learning (cs.LG)</span>; Distributed, Parallel, and Cluster Computing (cs.DC)', abstract: 'We study diffusion.' }] },
      { heading: 'Cross submissions (showing 1 of 1 entries)', entries: [{ id: '2612.00002', title: 'Crossed', authors: ['A. B. See'], subjects: '<span class="primary-subject">Statistics Theory (math.ST)</span>; Machine Learning (cs.LG)', abstract: 'x', note: '(cross-list from math.ST)' }] },
      { heading: 'Replacement submissions (showing 1 of 1 entries)', entries: [{ id: '2405.00003', title: 'Replaced', authors: ['Z Z'], subjects: '<span class="primary-subject">Machine Learning (cs.LG)</span>', abstract: '' }] },
    ]);
    const read = readNewListing(loadHtml(html, 'https://arxiv.org/list/cs/new'), 'https://arxiv.org/list/cs/new')!;
    expect(read.listedAs).toBe('2026-12-01');
    expect(read.papers.map(({ abstract: _, ...p }) => p)).toEqual([
      { arxivId: '2612.00001', title: 'Fast <b>Things</b> at Scale', authors: ['Ray Cao', 'Li Ming'], categories: ['cs.LG', 'cs.DC'], type: 'new' },
      { arxivId: '2612.00002', title: 'Crossed', authors: ['A. B. See'], categories: ['math.ST', 'cs.LG'], type: 'cross' },
      { arxivId: '2405.00003', title: 'Replaced', authors: ['Z Z'], categories: ['cs.LG'], type: 'replace' },
    ]);
    expect(read.papers[0]!.abstract()).toBe('We study diffusion.');
  });

  it('is no announcement when the page is not a listing (an error page), and an empty one when the day has none', () => {
    expect(readNewListing(loadHtml('<!doctype html><title>503</title><h1>Service Unavailable</h1>', 'https://arxiv.org/list/cs/new'), 'https://arxiv.org/list/cs/new')).toBeNull();
    const empty = readNewListing(loadHtml(newListingHtml('Monday, 30 November 2026', []), 'https://arxiv.org/list/cs/new'), 'https://arxiv.org/list/cs/new');
    expect(empty).toEqual({ listedAs: '2026-11-30', papers: [] });
  });

  it('reads the date line in its current and older forms', () => {
    expect(listedDate('Showing new listings for Tuesday, 11 June 2024')).toBe('2024-06-11');
    expect(listedDate('New submissions for Tue, 11 Jun 24')).toBe('2024-06-11');
    expect(listedDate('Showing new listings for Tue, 01 Dec 2026')).toBe('2026-12-01');
    expect(listedDate('Showing new listings')).toBeNull();
  });

  it('takes only category names from a subjects line', () => {
    expect(subjectCategories('Machine Learning (cs.LG); Optimization and Control (math.OC); (not a category!)', 'cs.LG')).toEqual(['cs.LG', 'math.OC']);
  });

  it.each(present([
    {
      file: 'testdata/list_cs.NI_new.html', url: 'https://arxiv.org/list/cs.NI/new', listedAs: '2026-07-08',
      papers: [
        ['2607.90001', 'new', ['cs.NI', 'cs.DC']],
        ['2607.90003', 'new', ['cs.NI']],
        ['2607.90004', 'cross', ['cs.LG', 'cs.NI']],
        ['2512.04321', 'replace', ['cs.NI', 'cs.LG']],
      ],
      authors: ['Mira Okonkwo-Hale', 'Teodor Väisänen', 'Paul Lindqvist Jr.', 'Ana Sofía Ruiz'],
      abstract: /^A made-up abstract for a made-up paper: workers exchange sparse parameter updates by gossip/,
    },
    {
      file: 'rendered-2026-06/list_cs.DC_new.html', url: 'https://arxiv.org/list/cs.DC/new', listedAs: '2024-06-11',
      papers: [
        ['2406.05546', 'new', ['cs.DC', 'cs.AI']],
        ['2406.99901', 'cross', ['cs.LG', 'cs.DC']],
        ['2406.99902', 'replace', ['cs.DC', 'cs.LG']],
      ],
      authors: ['Ray Cao', 'Sherry Luo', 'Steve Gan', 'Sujeeth Jinesh'],
      abstract: /^In this study, we explore the impact of relaxing data consistency/,
    },
  ]))('reads the /new page $file: new, cross-list and replacement', ({ file, url, listedAs, papers, authors, abstract }) => {
    const read = readNewListing(fixtureDocument(file, url), url)!;
    expect(read.listedAs).toBe(listedAs);
    expect(read.papers.map((p) => [p.arxivId, p.type, p.categories])).toEqual(papers);
    expect(read.papers[0]!.authors).toEqual(authors);
    expect(read.papers[0]!.abstract()).toMatch(abstract);
  });
});
