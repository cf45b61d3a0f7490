/** An OpenAlex key's daily allowance in words, as the options page shows it after "Test". */
import type { KeyBudget } from '../background/catalog/key-check';
import { formatReset } from '../ui/describe-failure';
import { formatInteger, numberFormat } from '../ui/format';
import { t } from '../shared/i18n';

const usd = numberFormat({ style: 'currency', currency: 'USD', maximumFractionDigits: 4 });

export interface BudgetText {
  /** "347 of 10,000 credits used today" */
  used: string;
  /** "9,653 left" */
  left: string;
  /** "resets at 02:00 (in 9 h)" */
  reset: string;
  /** Share used, 0…1, for a meter. */
  share: number;
}

export function describeBudget(b: KeyBudget, now = Date.now()): BudgetText {
  const amount = (n: number) => (b.unit === 'credits' ? formatInteger(n) : usd().format(n));
  return {
    used: t(b.unit === 'credits' ? 'creditsUsed' : 'amountUsed', amount(b.used), amount(b.limit)),
    left: t('left', amount(Math.max(0, b.remaining))),
    reset: t('resets', formatReset(b.resetAt, now)),
    share: b.limit > 0 ? Math.min(1, Math.max(0, b.used / b.limit)) : 1,
  };
}
