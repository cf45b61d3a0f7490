import { fakeBrowser } from 'wxt/testing';
import type { FollowEntry, InboxEntry } from '../../shared/follows/model';
import { describeNotification, openFromNotification } from './notify';

const paper = (workId: string, authorIds: string[], arxivId: string | null = null): InboxEntry => ({
  workId, arxivId, title: `Title ${workId}`, authorNames: [], authorCount: 0, year: 2026, createdDate: '2026-06-10',
  foundAt: 1, authorIds, notified: false,
});
const follows: FollowEntry[] = [
  { id: 'A1', name: 'Ray Cao', followedAt: 1, checkedAt: 1, seen: {} },
  { id: 'A2', name: 'Li Ming', followedAt: 1, checkedAt: 1, seen: {} },
];

beforeEach(() => fakeBrowser.reset());

describe('notifications', () => {
  it('names the paper and its researcher when there is one', () => {
    expect(describeNotification([paper('W1', ['A1'], '2606.00001')], follows)).toEqual({
      id: 'weft-paper:2606.00001', title: 'New paper by Ray Cao', message: 'Title W1',
    });
  });

  it('sums several papers up in one, with an id that depends only on the papers', () => {
    const papers = [paper('W1', ['A1']), paper('W2', ['A2']), paper('W3', ['A1']), paper('W4', ['A1'])];
    const n = describeNotification(papers, follows);
    expect(n.title).toBe('4 new papers from 2 researchers you follow');
    expect(n.message).toBe('• Title W1\n• Title W2\n• Title W3\nand 1 more');
    expect(describeNotification([...papers].reverse(), follows).id).toBe(n.id);
    expect(describeNotification(papers.slice(1), follows).id).not.toBe(n.id);
  });

  it('opens the single paper, or the inbox, when clicked', async () => {
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    await openFromNotification('weft-paper:2606.00001');
    expect(created).toHaveBeenLastCalledWith({ url: 'https://arxiv.org/abs/2606.00001' });
    await openFromNotification('weft-paper:W42');
    expect(created).toHaveBeenLastCalledWith({ url: 'https://openalex.org/W42' });
    // No openPopup in this browser: the popup page opens in a tab.
    await openFromNotification('weft-inbox:0a1b2c3d');
    expect(created).toHaveBeenLastCalledWith({ url: 'chrome-extension://test-extension-id/popup.html' });
    created.mockClear();
    await openFromNotification('weft-paper:javascript:alert(1)');
    await openFromNotification('someone-else');
    expect(created).not.toHaveBeenCalled();
  });
});
