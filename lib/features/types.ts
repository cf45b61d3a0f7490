import type { AbsPage } from '../arxiv/page';
import type { ask } from '../messaging/client';

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
}
