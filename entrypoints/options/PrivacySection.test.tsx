// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { privacy, runs } from '@/lib/shared/privacy';
import { PrivacySection, SyncNote } from './PrivacySection';

const plain = (text: string) => runs(text).map((r) => r.text).join('');
const squeeze = (text: string) => text.replace(/\s+/g, ' ');


afterEach(cleanup);

describe('the settings page', () => {
  it('shows every privacy fact docs/privacy.md states, from the same module', () => {
    render(<PrivacySection />);
    const shown = squeeze(document.querySelector('[data-weft-field="privacy"]')?.textContent ?? '');
    const PRIVACY = privacy();
    const facts = [PRIVACY.summary, ...PRIVACY.recipients.flatMap((r) => [r.who, r.where, r.why, ...r.what]), ...PRIVACY.stays];
    expect(facts.filter((fact) => !shown.includes(squeeze(plain(fact))))).toEqual([]);
  });

  it('says its settings follow the reader and why keys, follows and corrections do not', () => {
    render(<SyncNote />);
    const note = document.querySelector('[data-weft-field="sync"]')?.textContent ?? '';
    expect(note).toMatch(/follow you to your other computers/);
    expect(note).toMatch(/API keys, followed researchers and your corrections stay on this computer/);
    expect(document.querySelector('[data-weft-field="sync"] a')?.getAttribute('href')).toBe('#privacy-title');
  });
});
