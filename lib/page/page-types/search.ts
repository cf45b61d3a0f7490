/** Search results, /search/… (not the empty search form). */
import { isSearchUrl, readSearchPage } from '../../arxiv/readers/search';
import { listingBadges } from '../features/listing-badges';
import { pausedNotice } from '../features/paused-notice';
import { ARXIV_ORIGIN } from '../../arxiv/urls';
import type { PageKind } from './page-type';

export const searchPage: PageKind = {
  type: 'search',
  matches: [`${ARXIV_ORIGIN}/search/*`],
  isPage: isSearchUrl,
  read: readSearchPage,
  features: [listingBadges, pausedNotice],
};
