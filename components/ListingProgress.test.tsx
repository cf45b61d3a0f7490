// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing';
import { requireTrustedEvents } from '@/lib/ui/trusted';
import { ListingProgress } from './ListingProgress';
import { ResearcherPageLink } from './ResearcherPageLink';

beforeAll(() => requireTrustedEvents());

describe('controls on arXiv pages ignore what a page script dispatches', () => {
  it('the progress line is not hidden by a synthetic click on ×', () => {
    const onDismiss = vi.fn();
    render(<ListingProgress progress={{ total: 400, settled: 10, loading: 5 }} onDismiss={onDismiss} />);
    fireEvent.click(screen.getByRole('button', { name: /hide/i }));
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('"Open profile" opens no tab for synthetic middle clicks', () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    render(<ResearcherPageLink id="A5023888391">Open profile</ResearcherPageLink>);
    const link = screen.getByRole('link');
    for (let i = 0; i < 20; i++) fireEvent(link, new MouseEvent('auxclick', { button: 1, bubbles: true, cancelable: true }));
    expect(send).not.toHaveBeenCalled();
  });
});
