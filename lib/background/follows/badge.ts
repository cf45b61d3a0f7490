/** The toolbar badge: how many new papers are unseen, empty when none. */
import { browser } from 'wxt/browser';

const BADGE_COLOR = '#b31b1b';

/** The badge text for `count` unseen papers (the badge has room for about four characters). */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 999 ? '999+' : String(count);
}

export async function showUnseenCount(count: number): Promise<void> {
  await browser.action.setBadgeBackgroundColor({ color: BADGE_COLOR });
  await browser.action.setBadgeText({ text: badgeText(count) });
}
