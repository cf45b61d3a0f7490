// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing';
import { announce } from '@/test/announce';
import { show, unshow } from '@/test/on-page';
import { answerMessages } from '@/test/fake-ask';
import { FollowButton } from './FollowButton';

/** A background that keeps the follow list and announces its changes, the way Weft's does. */
function fakeBackground({ limit = Infinity } = {}) {
  const stored = async () => ((await fakeBrowser.storage.local.get('follows')) as { follows?: { id: string }[] }).follows ?? [];
  const save = async (follows: { id: string }[]) => {
    await fakeBrowser.storage.local.set({ follows });
    void announce('follows');
  };
  return answerMessages({
    'followed-ids': async () => ({ ids: (await stored()).map((f) => f.id) }),
    follow: async ({ id }) => {
      const follows = await stored();
      if (follows.length >= limit) return { followed: false, limitReached: true };
      await save([...follows, { id }]);
      return { followed: true, limitReached: false };
    },
    unfollow: async ({ id }) => {
      await save((await stored()).filter((f) => f.id !== id));
      return { followed: false, limitReached: false };
    },
  });
}

const button = () => screen.getByRole('button');

beforeEach(() => fakeBrowser.reset());
afterEach(unshow);

describe('FollowButton', () => {
  it('follows and unfollows, and follows changes made elsewhere while shown', async () => {
    const asked = fakeBackground();
    show(() => <FollowButton id="A1" name="Ray Cao" />);
    await waitFor(() => expect(button().hasAttribute('disabled')).toBe(false));
    expect(button().getAttribute('data-weft-action')).toBe('follow');

    fireEvent.click(button());
    await waitFor(() => expect(button().getAttribute('data-weft-action')).toBe('unfollow'));
    expect(asked).toContainEqual({ type: 'follow', id: 'A1', name: 'Ray Cao' });
    // Its accessible name says whom; the name is text, in no attribute (catalog strings never are).
    expect(screen.getByRole('button', { name: 'Unfollow Ray Cao' })).toBe(button());
    expect([...button().attributes].some((a) => a.value.includes('Ray Cao'))).toBe(false);
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Following/));

    // Unfollowed from another page (the popup): this button updates by itself.
    await fakeBrowser.storage.local.set({ follows: [] });
    await announce('follows');
    await waitFor(() => expect(button().getAttribute('data-weft-action')).toBe('follow'));
  });

  it('tells the background the category of the paper it is followed from (same-day alerts)', async () => {
    const asked = fakeBackground();
    show(() => <FollowButton id="A3" name="Ray Cao" category="cs.DC" />);
    await waitFor(() => expect(button().hasAttribute('disabled')).toBe(false));
    fireEvent.click(button());
    await waitFor(() => expect(asked).toContainEqual({ type: 'follow', id: 'A3', name: 'Ray Cao', category: 'cs.DC' }));
  });

  it('says so when the follow limit is reached', async () => {
    fakeBackground({ limit: 0 });
    show(() => <FollowButton id="A2" name="Li Ming" />);
    await waitFor(() => expect(button().hasAttribute('disabled')).toBe(false));
    fireEvent.click(button());
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/at most 1,000 researchers/));
    expect(button().getAttribute('data-weft-action')).toBe('follow');
  });
});
