/** The abstract page, /abs/<id>: read from its <head> first, so its first requests go out early. */
import { readAbsHead, readAbsPage } from '../../arxiv/readers/abs';
import { authorBadges } from '../features/author-badges';
import { paperPanels } from '../features/paper-panels';
import { pausedNotice } from '../features/paused-notice';
import { ARXIV_ORIGIN } from '../../arxiv/urls';
import type { PageKind } from './page-type';

export const absPage: PageKind = {
  type: 'abs',
  matches: [`${ARXIV_ORIGIN}/abs/*`],
  readHead: readAbsHead,
  read: readAbsPage,
  features: [authorBadges, paperPanels, pausedNotice],
  unknown: 'unrecognised arXiv abstract page layout',
};
