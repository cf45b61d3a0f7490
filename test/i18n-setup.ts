/**
 * Unit tests run without a browser: the fake browser answers i18n from the English messages as
 * the browsers do (a `$1`… in a message is its substitution; `$$` is a dollar sign).
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import en from '../public/_locales/en/messages.json';

const messages: Record<string, { message: string }> = en;

fakeBrowser.i18n.getMessage = (key: string, subs?: string | string[]) => {
  const list = typeof subs === 'string' ? [subs] : subs ?? [];
  return (messages[key]?.message ?? '').replace(/\$(\d|\$)/g, (_, d: string) => (d === '$' ? '$' : list[Number(d) - 1] ?? ''));
};
fakeBrowser.i18n.getUILanguage = () => 'en';
