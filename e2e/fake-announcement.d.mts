// Types for the TypeScript tests that read fake-announcement.mjs.
export interface TestEntry {
  id: string;
  title: string;
  authors: string[];
  /** The subjects line's HTML (listing) or the categories (feeds). */
  subjects?: string;
  categories?: string[];
  abstract: string;
  note?: string;
  type?: 'new' | 'cross' | 'replace' | 'replace-cross' | 'absonly';
  /** Affiliations printed beside each name in a feed's dc:creator (by position). */
  affiliations?: Record<number, string[]>;
}
export declare function newListingHtml(date: string, sections: { heading: string; entries: TestEntry[] }[]): string;
export declare function rssXml(cats: string[], date: string, entries: TestEntry[]): string;
export declare function atomXml(cats: string[], date: string, entries: TestEntry[], o?: { authorElements?: boolean }): string;
