import { addRiders, levelsFor, MAX_FILTER_IDS, openAt, packCalls, sidesAt, type PlanSlot, type SplitCall } from './plan';

const slots = (n: number, perSlot = 1): PlanSlot[] =>
  Array.from({ length: n }, (_, i) => ({ candidates: Array.from({ length: perSlot }, (_, k) => `A${i}x${k}`), linked: null }));

/** The pairs of author positions a call asks about (candidate ids are `A<position>x<k>`). */
function pairsOf(call: SplitCall): Set<string> {
  const pos = (id: string) => Number(/^A(\d+)x/.exec(id)![1]);
  const out = new Set<string>();
  for (const a of call.a) for (const b of call.b) out.add([pos(a), pos(b)].sort((x, y) => x - y).join('-'));
  return out;
}

describe('split levels', () => {
  it.each([2, 3, 5, 8, 9, 25, 100])('ask about every pair of %i authors in ⌈log2 n⌉ levels, never a pair within one author', (n) => {
    const plan = slots(n, 2);
    const seen = new Set<string>();
    for (let level = 0; level < levelsFor(n); level++) {
      const call = sidesAt(plan, level)!;
      for (const p of pairsOf(call)) seen.add(p);
    }
    expect(seen.size).toBe((n * (n - 1)) / 2);
    expect([...seen].some((p) => p.split('-')[0] === p.split('-')[1])).toBe(false);
    expect(levelsFor(n)).toBe(Math.ceil(Math.log2(n)));
  });

  it('does not ask again about pairs whose authors both have evidence', () => {
    const plan = slots(4);
    // After level 0, authors 0 and 2 are linked (their pair is split only at level 1).
    plan[0]!.linked = ['A0x0'];
    plan[2]!.linked = ['A2x0'];
    expect([...pairsOf(sidesAt(plan, 1)!)]).toEqual(['1-3']);
    plan[1]!.linked = ['A1x0'];
    plan[3]!.linked = ['A3x0'];
    expect(openAt(plan, 1)).toBe(false);
    expect(sidesAt(plan, 1)).toBeNull();
  });

  it('brings only the linked candidates of an author with evidence', () => {
    const plan = slots(2, 3);
    plan[1]!.linked = ['A1x2'];
    expect(sidesAt(plan, 0)).toEqual({ a: ['A0x0', 'A0x1', 'A0x2'], b: ['A1x2'] });
  });

  it('leaves out authors without candidates', () => {
    const plan = slots(3);
    plan[1]!.candidates = [];
    // At level 0, author 1 (the only one on side B) has nobody to bring.
    expect(sidesAt(plan, 0)).toBeNull();
    expect([...pairsOf(sidesAt(plan, 1)!)]).toEqual(['0-2']);
  });

  it('never puts one profile on both sides (it would match all its own works)', () => {
    const plan: PlanSlot[] = [{ candidates: ['A1', 'A2'], linked: null }, { candidates: ['A2', 'A3'], linked: null }];
    expect(sidesAt(plan, 0)).toEqual({ a: ['A1', 'A2'], b: ['A3'] });
  });
});

describe('packCalls', () => {
  const group = (prefix: string, na: number, nb: number): SplitCall => ({
    a: Array.from({ length: na }, (_, i) => `${prefix}a${i}`),
    b: Array.from({ length: nb }, (_, i) => `${prefix}b${i}`),
  });

  it('puts several papers in one call while each side holds ≤100 ids', () => {
    const calls = packCalls([group('p', 40, 40), group('q', 40, 40), group('r', 40, 40)]);
    expect(calls).toHaveLength(2);
    for (const c of calls) expect(Math.max(c.a.length, c.b.length)).toBeLessThanOrEqual(MAX_FILTER_IDS);
    expect(calls.flatMap((c) => [...c.a, ...c.b])).toHaveLength(240);
  });

  it('cuts a paper too large for one call into every pairing of its pieces', () => {
    const calls = packCalls([group('p', 150, 120)]);
    expect(calls).toHaveLength(4);
    const pairs = new Set(calls.flatMap((c) => c.a.flatMap((a) => c.b.map((b) => `${a}|${b}`))));
    expect(pairs.size).toBe(150 * 120);
  });

  it('keeps a profile on one side of each call', () => {
    const calls = packCalls([{ a: ['A1'], b: ['A2'] }, { a: ['A2'], b: ['A3'] }]);
    expect(calls).toHaveLength(2);
    for (const c of calls) expect(c.a.some((id) => c.b.includes(id))).toBe(false);
  });
});

describe('addRiders', () => {
  const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

  it('puts a later level\'s sides whole into a call\'s room, and never opens a call for them', () => {
    const calls: SplitCall[] = [{ a: ids('p', 90), b: ids('q', 60) }];
    const placed = addRiders(calls, [{ a: ids('r', 10), b: ids('s', 40) }, { a: ids('t', 1), b: ids('u', 1) }]);
    expect(placed).toEqual([true, false]); // the second no longer fits side A (100 ids)
    expect(calls).toHaveLength(1);
    expect(calls[0]!.a).toHaveLength(100);
    expect(calls[0]!.b).toEqual([...ids('q', 60), ...ids('s', 40)]);
  });

  it('keeps a profile on one side of each call', () => {
    const calls: SplitCall[] = [{ a: ['A1'], b: ['A2'] }, { a: ['A3'], b: ['A4'] }];
    expect(addRiders(calls, [{ a: ['A2'], b: ['A5'] }])).toEqual([true]);
    // A2 is on side B of the first call: the rider went to the second
    expect(calls).toEqual([{ a: ['A1'], b: ['A2'] }, { a: ['A3', 'A2'], b: ['A4', 'A5'] }]);
  });
});
