/** What the background answers to each protocol request; each area contributes its handlers. */
import type { Handlers } from '../messaging/server';
import { authorHandlers } from './handlers/authors';
import { followHandlers } from './handlers/follows';
import { panelHandlers } from './handlers/panels';
import { searchHandlers } from './handlers/search';
import { settingsHandlers } from './handlers/settings';
import type { BackgroundDeps } from './deps';

export function createHandlers(deps: BackgroundDeps): Handlers {
  return { ...authorHandlers(deps), ...searchHandlers(deps), ...panelHandlers(deps), ...followHandlers(deps), ...settingsHandlers(deps) };
}
