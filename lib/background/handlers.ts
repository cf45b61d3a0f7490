/** What the background answers to each protocol request; each area contributes its handlers. */
import type { Handlers } from '../messaging/server';
import { authorHandlers } from './handlers/authors';
import type { BackgroundDeps } from './deps';

export function createHandlers(deps: BackgroundDeps): Handlers {
  return { ...authorHandlers(deps) };
}
