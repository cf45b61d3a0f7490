/** Tests' stand-in for the background's change notices (lib/background/announce.ts). */
import { fakeBrowser } from 'wxt/testing';
import { CHANGE_NOTICE, type ChangeTopic } from '@/lib/shared/changes';

export async function announce(...topics: ChangeTopic[]): Promise<void> {
  await fakeBrowser.runtime.onMessage.trigger({ type: CHANGE_NOTICE, topics }, { id: fakeBrowser.runtime.id });
}
