import type { PageType } from '../../arxiv/page-model';
import { authorBadges } from './author-badges';
import { listingBadges } from './listing-badges';
import { paperPanels } from './paper-panels';
import type { Feature } from './types';

/**
 * Every content-script feature, in the order they start (their priority, see
 * FeatureContext.earlier). Each declares the page types it runs on.
 */
export const FEATURES: readonly Feature[] = [authorBadges, paperPanels, listingBadges];

/** The features that run on pages of `type`. */
export function featuresFor(type: PageType): readonly Feature[] {
  return FEATURES.filter((feature) => feature.pages.includes(type));
}
