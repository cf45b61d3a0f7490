import type { PageType } from '../../arxiv/page-model';
import { authorBadges } from './author-badges';
import { listingBadges } from './listing-badges';
import { paperPanels } from './paper-panels';
import { pausedNotice } from './paused-notice';
import type { Feature } from './types';

/**
 * Every content-script feature, in the order they start (their priority, see
 * FeatureContext.earlier), grouped by the content script that runs them: a script imports only
 * its own group, so it carries no other page type's code. Each feature declares the page types
 * it runs on.
 */
export const ABS_PAGE_FEATURES: readonly Feature[] = [authorBadges, paperPanels, pausedNotice];
export const LISTING_PAGE_FEATURES: readonly Feature[] = [listingBadges, pausedNotice];

/** The features of `group` that run on pages of `type`. */
export function featuresFor(type: PageType, group: readonly Feature[]): readonly Feature[] {
  return group.filter((feature) => feature.pages.includes(type));
}
