/** arXiv's HTML view of a paper, /html/<id>v<n>: the abstract page's features, beside the article. */
import { isHtmlViewUrl, readHtmlPage } from '../../arxiv/readers/html';
import { authorBadges } from '../features/author-badges';
import { paperPanels } from '../features/paper-panels';
import { pausedNotice } from '../features/paused-notice';
import { followPageTheme } from '../page-theme';
import { ARXIV_ORIGIN } from '../../arxiv/urls';
import type { PageKind } from './page-type';

export const htmlPage: PageKind = {
  type: 'html',
  matches: [`${ARXIV_ORIGIN}/html/*`],
  // Also a figure's or the build log's URL (/html/<id>vN/x1.png): those are no paper view.
  isPage: isHtmlViewUrl,
  read: readHtmlPage,
  features: [authorBadges, paperPanels, pausedNotice],
  // A page that is no LaTeXML paper, or markup Weft does not know: nothing added rather than a guess.
  unknown: 'unrecognised arXiv HTML view',
  theme: followPageTheme,
};
