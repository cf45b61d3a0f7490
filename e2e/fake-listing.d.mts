// Types for the parts of fake-listing.mjs the TypeScript fault tests (faults/unit) use.

/** A listing's catalog, served by FakeApis (e2e/fake-apis.mjs) as a paper's catalog is. */
export interface ListingCatalog {
  entries: { id: string; names: string[] }[];
  kinds: ('indexed' | 's2only' | 'fresh')[];
}

export declare function listingCatalog(
  entries: { id: string; names: string[]; category?: string | null }[],
  o?: { kindOf?: (k: number) => 'indexed' | 's2only' | 'fresh'; unmatched?: (name: string) => boolean; sharedEarlier?: boolean },
): ListingCatalog;
