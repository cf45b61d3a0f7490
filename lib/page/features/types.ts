import type { ReadonlySignal } from '@preact/signals';
import type { AbsHead, AbsPage } from '../../arxiv/readers/abs';
import type { ask } from '../../shared/protocol/client';
import type { WeftRequest } from '../../background/protocol';
import type { Visibility } from '../../shared/settings/settings';

/** What every content-script feature receives. */
export interface FeatureContext {
  page: AbsPage;
  /** Aborted when the content script is invalidated (extension updated or reloaded). */
  signal: AbortSignal;
  ask: typeof ask;
  /** What the reader chose to show; changes while the page is open. */
  show: ReadonlySignal<Visibility>;
  /**
   * Settles once the features before this one (the registry's order is their priority) have
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
   * Whether the reader's choice calls for this feature at all. When it turns false the
   * feature's signal aborts (it removes what it added); when it turns true again it runs anew.
   */
  shown(show: Visibility): boolean;
  /**
   * The requests `run` will make first, built from the page's <head> alone, so they can be sent
   * while the body is still parsing. They must equal what `run` asks, field for field.
   */
  early?(head: AbsHead, show: Visibility): WeftRequest[];
}
