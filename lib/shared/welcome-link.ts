/**
 * The first-run page's address (entrypoints/welcome): opened once when Weft is installed, and
 * linked from the settings page.
 */
import { browser } from 'wxt/browser';

export function welcomePageUrl(): string {
  return browser.runtime.getURL('/welcome.html');
}
