/** Listings: /list/<archive or category>/<period> and /catchup/… (not a listing index). */
import { isListingUrl, readListingPage } from '../../arxiv/readers/listing';
import { listingBadges } from '../features/listing-badges';
import { pausedNotice } from '../features/paused-notice';
import { ARXIV_ORIGIN } from '../../arxiv/urls';
import type { PageKind } from './page-type';

export const listingPage: PageKind = {
  type: 'listing',
  matches: [`${ARXIV_ORIGIN}/list/*`, `${ARXIV_ORIGIN}/catchup/*`],
  isPage: isListingUrl,
  read: readListingPage,
  features: [listingBadges, pausedNotice],
};
