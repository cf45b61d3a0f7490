/**
 * The popup's switch for the tab it was opened over: whether Weft runs on that tab's arXiv page,
 * and hiding or showing it there (the `toggle-page` shortcut does the same; tab-visibility.ts).
 */
import * as v from 'valibot';
import { defineRequests } from '../define-requests';
import { setHiddenOn, tabVisibility } from '../tab-visibility';

const TabId = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));

export const tabRequests = defineRequests({
  'tab-visibility': { from: 'extension', fields: { tabId: TabId } },
  'tab-visibility-set': { from: 'extension', fields: { tabId: TabId, hidden: v.boolean() } },
});

export function tabService() {
  return tabRequests.answer({
    'tab-visibility': ({ tabId }) => tabVisibility(tabId),
    'tab-visibility-set': ({ tabId, hidden }) => setHiddenOn(tabId, hidden),
  });
}
