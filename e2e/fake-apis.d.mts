// Types for the parts of fake-apis.mjs the TypeScript fault tests (faults/unit) use.
export declare const OA_HOST: string;
export declare const S2_HOST: string;
export declare const XSS: string;

export interface FakeResponse {
  status: number;
  contentType?: string;
  headers?: Record<string, string>;
  body: string;
}

export interface FakeCatalog {
  arxivId: string;
  title: string;
  people: { index: number; name: string; openalexId: string | null; s2Id: string | null; h: number; cited: number; works: number; s2h: number }[];
  openalex: { work: Record<string, unknown>; authors: Record<string, Record<string, unknown>>; related: Record<string, unknown>[] };
  s2: { paper: Record<string, unknown>; recommendations: Record<string, Record<string, unknown>[]> };
}

export declare function buildCatalog(o: {
  arxivId: string;
  title: string;
  authors: { first: string; last: string }[];
  seed?: number;
  unmatched?: number[];
  xssAuthor?: number | null;
}): FakeCatalog;

export declare class FakeApis {
  constructor(catalog: FakeCatalog, o?: { pages?: Record<string, string>; twists?: Record<string, unknown> });
  catalog: FakeCatalog;
  setTwists(patch: Record<string, unknown>): void;
  addWork(work: Record<string, unknown>): void;
  respond(method: string, url: string, postData?: string | null): FakeResponse;
}
