/** Every service of the background, by noun; together they answer the whole protocol. */
import type { BackgroundDeps } from '../deps';
import { authorRequests, authorService } from './author';
import { followRequests, followService } from './follows';
import { paperRequests, paperService } from './paper';
import { researcherRequests, researcherService } from './researcher';
import { searchRequests, searchService } from './search';
import { settingsRequests, settingsService } from './settings';
import { tabRequests, tabService } from './tabs';

/** Each service's request declarations (fields and audience). */
export const SERVICE_REQUESTS = [paperRequests, authorRequests, searchRequests, followRequests, settingsRequests, researcherRequests, tabRequests] as const;

export function createServices(deps: BackgroundDeps) {
  return {
    ...paperService(deps),
    ...authorService(deps),
    ...searchService(deps),
    ...followService(deps),
    ...settingsService(deps),
    ...researcherService(deps),
    ...tabService(),
  };
}

export type Services = ReturnType<typeof createServices>;
