import { displayText } from './plain-text';

describe('displayText', () => {
  it.each([
    ['The <i>Drosophila</i> genome', 'The Drosophila genome'],
    ['H<sub>2</sub>O and x<sup>2</sup>', 'H2O and x2'],
    ['<scp>Bert</scp>: pre-training', 'Bert: pre-training'],
    ['<span class="x">A</span> &amp; B', 'A & B'],
    ['Ray  Cao\n', 'Ray Cao'],
    [null, ''],
  ])('turns %j into %j', (raw, text) => {
    expect(displayText(raw)).toBe(text);
  });

  it('leaves any other tag as literal text (rendered as text, never markup)', () => {
    expect(displayText('Mallory <img src=x onerror="window.__weftPwned=1">')).toBe('Mallory <img src=x onerror="window.__weftPwned=1">');
    expect(displayText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });

  it('shows an encoded tag as the characters it encodes', () => {
    expect(displayText('a &lt;i&gt; b')).toBe('a <i> b');
  });

  it('keeps comparisons that merely look like tags', () => {
    expect(displayText('x < y and i > j')).toBe('x < y and i > j');
  });
});
