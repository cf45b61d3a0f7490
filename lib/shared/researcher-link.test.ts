import { researcherOfLocation, researcherPageUrl } from './researcher-link';

describe('researcher page address', () => {
  it('is researcher.html#<A id>, with ?s2= when the S2 id is known', () => {
    expect(researcherPageUrl('A5023888391')).toMatch(/\/researcher\.html#A5023888391$/);
    expect(researcherPageUrl('A5023888391', '1741101')).toMatch(/\/researcher\.html\?s2=1741101#A5023888391$/);
    expect(researcherPageUrl('A5023888391', 'x y')).toMatch(/\/researcher\.html#A5023888391$/);
  });

  it('reads the researcher back from an address; anything else is no researcher', () => {
    expect(researcherOfLocation({ hash: '#A5023888391', search: '?s2=1741101' })).toEqual({ id: 'A5023888391', s2Id: '1741101' });
    expect(researcherOfLocation({ hash: '#a5023888391', search: '' })).toEqual({ id: 'A5023888391', s2Id: null });
    expect(researcherOfLocation({ hash: '#W2741809807', search: '?s2=<b>' })).toEqual({ id: null, s2Id: null });
    expect(researcherOfLocation({ hash: '', search: '' })).toEqual({ id: null, s2Id: null });
    expect(researcherOfLocation({ hash: '#%E0%A4%A', search: '' })).toEqual({ id: null, s2Id: null });
  });
});
