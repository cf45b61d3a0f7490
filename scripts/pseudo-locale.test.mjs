import { describe, expect, it } from 'vitest';
import { pseudo, pseudoMessages } from './pseudo-locale.mjs';

describe('the pseudo-locale', () => {
  it('accents every message and makes it about 40 % longer', () => {
    expect(pseudo('Follow')).toBe('Fóllóẃ ··');
    expect(pseudo('Weft: $1 of $2 papers').length).toBeGreaterThanOrEqual(Math.round('Weft: $1 of $2 papers'.length * 1.3));
  });

  it('keeps the placeholders getMessage fills in', () => {
    expect(pseudo('at $1 (in $2)')).toMatch(/^át \$1 \(íñ \$2\) ·+$/);
    expect(pseudo('Hello, $USER$, $$5')).toMatch(/^Hélló, \$USER\$, \$\$5 ·+$/);
  });

  it('keeps keys, descriptions and placeholder definitions', () => {
    const m = { hi: { message: 'Hi $NAME$', description: 'greeting', placeholders: { name: { content: '$1' } } } };
    expect(pseudoMessages(m)).toEqual({ hi: { message: 'Hí $NAME$ ·', description: 'greeting', placeholders: { name: { content: '$1' } } } });
  });

  it('gives the pages the pseudo-locale’s language tag, not an accented one', () => {
    expect(pseudoMessages({ languageTag: { message: 'en' } })).toEqual({ languageTag: { message: 'en-XA' } });
  });
});
