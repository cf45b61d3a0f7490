import type { ReadonlySignal } from '@preact/signals-core';
import type { ArxivPage, PageType } from '../../arxiv/page-model';
import type { AbsHead } from '../../arxiv/readers/abs';
import type { Feature } from '../features/types';
import type { PageTheme } from '../page-theme';

/**
 * A kind of arXiv page Weft runs on, as one object: where its content script runs, which
 * addresses there are its pages, how it is read and which features run on it. A content script
 * (entrypoints/arxiv-*.content) runs one or more page types and carries only their code.
 */
export interface PageKind {
  type: PageType;
  /** Its content script's match patterns (scripts/check-bundle.mjs checks the built manifest). */
  matches: readonly string[];
  /** Whether an address the matches cover is a page of this type; absent: every one is. */
  isPage?(url: string): boolean;
  /** Reads the parsed page (with what its head said, when read first); null: nothing is added. */
  read(doc: Document, url: string, head?: AbsHead | null): ArxivPage | null;
  /**
   * What the <head> alone says, read while the body still parses so the features' first
   * requests (Feature.early) go out early (lib/page/abs-start.ts).
   */
  readHead?(doc: Document, url: string): AbsHead | null;
  /**
   * The features that run on it, in the order they start (their priority: see
   * FeatureContext.earlier).
   */
  features: readonly Feature[];
  /** Logged when `read` finds nothing; absent where such pages are expected (a listing index). */
  unknown?: string;
  /** Follows the page's own light/dark theme, on pages that have one. */
  theme?(abort: AbortSignal): ReadonlySignal<PageTheme>;
}

/** The match patterns of a content script that runs `kinds`. */
export const matchesOf = (kinds: readonly PageKind[]): string[] => kinds.flatMap((kind) => kind.matches);

/** The page type of the page at `url`, among those a content script runs. */
export const kindOf = (kinds: readonly PageKind[], url: string): PageKind | undefined => kinds.find((kind) => kind.isPage?.(url) ?? true);
