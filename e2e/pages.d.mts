// Types for the parts of pages.mjs the TypeScript fault tests (faults/unit) use.
export interface PageAuthor {
  first: string;
  last: string;
}
export declare function makeAuthors(n: number, offset?: number): PageAuthor[];
export declare function displayName(a: PageAuthor): string;
export declare function esc(s: string): string;
export declare function absPage(o: Record<string, unknown>): string;
