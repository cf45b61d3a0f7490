import { categoryInParentheses, isCategory } from './categories';

describe('isCategory', () => {
  it.each(['cs', 'cs.LG', 'hep-th', 'q-fin.TR', 'math-ph', 'cond-mat.mes-hall', 'physics.acc-ph', 'chao-dyn', 'gr-qc'])(
    'accepts %s',
    (name) => expect(isCategory(name)).toBe(true),
  );
  it.each(['', 'CS', 'cs.', '.LG', 'cs/LG', '2406.05546', 'cs.LG cs.AI', '1 and 2'])('refuses %j', (name) =>
    expect(isCategory(name)).toBe(false),
  );
});

describe('categoryInParentheses', () => {
  it('reads the closing parenthesised category of a subject line', () => {
    expect(categoryInParentheses('Distributed, Parallel, and Cluster Computing (cs.DC)')).toBe('cs.DC');
    expect(categoryInParentheses('  General Relativity and Quantum Cosmology (gr-qc)\n')).toBe('gr-qc');
    expect(categoryInParentheses('Statistical Mechanics (cond-mat.stat-mech)')).toBe('cond-mat.stat-mech');
  });

  it('is null when the line ends in no category', () => {
    expect(categoryInParentheses('Machine Learning')).toBeNull();
    expect(categoryInParentheses('Ray Cao (1 and 2)')).toBeNull();
    expect(categoryInParentheses('(cs.LG) first, then words')).toBeNull();
  });
});
