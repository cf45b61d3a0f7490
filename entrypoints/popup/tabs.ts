/** Which tab of the popup is shown; any part of the popup may switch it (e.g. opening the inbox). */
import { signal } from '@preact/signals';

export type Tab = 'search' | 'following';

export const tab = signal<Tab>('search');

export function showTab(next: Tab): void {
  tab.value = next;
}
