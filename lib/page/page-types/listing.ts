/** Listings: /list/<archive or category>/<period> and /catchup/… (not a listing index). */
import { isListingUrl, readListingPage } from '../../arxiv/readers/listing';
import { listingBadges } from '../features/listing-badges';
import { pausedNotice } from '../features/paused-notice';
import type { PageKind } from './page-type';

export const listingPage: PageKind = {
  type: 'listing',
  matches: ['https://arxiv.org/list/*', 'https://arxiv.org/catchup/*'],
  isPage: isListingUrl,
  read: readListingPage,
  features: [listingBadges, pausedNotice],
};
