import type { ReadonlySignal } from '@preact/signals-core';
import type { AbsHead } from '../../arxiv/readers/abs';
import type { ArxivPage } from '../../arxiv/page-model';
import type { ask } from '../../ui/client';
import type { PageSettings, WeftRequest } from '../../background/protocol';
import type { ListingChoices, Visibility } from '../../shared/settings/settings';
import type { PageTheme } from '../page-theme';

/** What every content-script feature receives. */
export interface FeatureContext {
  /** The page, read by its page type's reader (lib/arxiv/readers). */
  page: ArxivPage;
  /** Aborted when the content script is invalidated (extension updated or reloaded). */
  signal: AbortSignal;
  ask: typeof ask;
  /** What the reader chose to show; changes while the page is open. */
  show: ReadonlySignal<Visibility>;
  /** Everything the background told the page of the reader's choices (e.g. collapsed panels). */
  settings: ReadonlySignal<PageSettings>;
  /** The page's own light/dark theme, when it has one (the HTML view); else Weft follows the system's. */
  theme?: ReadonlySignal<PageTheme>;
  /**
   * Settles once the features before this one (its page type's order is their priority) have
   * made their first load, or failed, or are hidden. Requests of lesser importance wait for it
   * rather than compete with those (Semantic Scholar's keyless pool answers bursts with 429s).
   */
  earlier: Promise<void>;
}

export interface Feature {
  /** kebab-case, unique; used in logs. */
  id: string;
  /** Sets the feature up; resolves once its first load is done (see FeatureContext.earlier). */
  run(ctx: FeatureContext): void | Promise<void>;
  /**
   * Whether the reader's choice calls for this feature at all (`show`: abstract pages,
   * `listings`: listing and search pages). When it turns false the feature's signal aborts (it
   * removes what it added); when it turns true again it runs anew.
   */
  shown(show: Visibility, listings: ListingChoices): boolean;
  /**
   * The requests `run` will make first, built from the page's <head> alone, so they can be sent
   * while the body is still parsing. They must equal what `run` asks, field for field.
   */
  early?(head: AbsHead, show: Visibility): WeftRequest[];
}
