import type { AbsHead, AbsPage } from '../arxiv/page';
import type { ask } from '../messaging/client';
import type { WeftRequest } from '../messaging/protocol';

/** What every content-script feature receives. */
export interface FeatureContext {
  page: AbsPage;
  /** Aborted when the content script is invalidated (extension updated or reloaded). */
  signal: AbortSignal;
  ask: typeof ask;
}

export interface Feature {
  /** kebab-case, unique; used in logs. */
  id: string;
  run(ctx: FeatureContext): void | Promise<void>;
  /**
   * The requests `run` will make first, built from the page's <head> alone, so they can be sent
   * while the body is still parsing. They must equal what `run` asks, field for field.
   */
  early?(head: AbsHead): WeftRequest[];
}
