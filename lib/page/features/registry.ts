import { authorBadges } from './author-badges';
import { paperPanels } from './paper-panels';
import type { Feature } from './types';

/** Every content-script feature on arXiv abstract pages, in the order they start. */
export const absPageFeatures: readonly Feature[] = [authorBadges, paperPanels];
