/** What the background answers to each protocol request; each area contributes its handlers. */
import type { Handlers } from './server';
import { authorHandlers } from './services/authors';
import { followHandlers } from './services/follows';
import { panelHandlers } from './services/panels';
import { researcherPageHandlers } from './services/researcher-page';
import { searchHandlers } from './services/search';
import { settingsHandlers } from './services/settings';
import type { BackgroundDeps } from './deps';

export function createHandlers(deps: BackgroundDeps): Handlers {
  return { ...authorHandlers(deps), ...searchHandlers(deps), ...panelHandlers(deps), ...followHandlers(deps), ...settingsHandlers(deps), ...researcherPageHandlers(deps) };
}
