import { announcementOf, announcesOn, easternTime, easternWallClock, isHoliday, latestAnnouncement, nextAnnouncement, rssWindow } from './announcements';

const utc = (iso: string) => Date.parse(iso);

describe('when arXiv announces', () => {
  it('announces at 20:00 US Eastern, Sunday to Thursday', () => {
    // 2026-06-07 is a Sunday.
    expect(['2026-06-07', '2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11'].map(announcesOn)).toEqual([true, true, true, true, true]);
    expect(announcesOn('2026-06-12')).toBe(false); // Friday
    expect(announcesOn('2026-06-13')).toBe(false); // Saturday
  });

  it('follows daylight saving: 20:00 is 00:00 UTC in summer, 01:00 UTC in winter, across both switches', () => {
    expect(announcementOf('2026-06-08')!.at).toBe(utc('2026-06-09T00:00:00Z'));
    expect(announcementOf('2026-12-01')!.at).toBe(utc('2026-12-02T01:00:00Z'));
    // US DST starts Sunday 8 March 2026: Thursday before is EST, that Sunday's announcement EDT.
    expect(announcementOf('2026-03-05')!.at).toBe(utc('2026-03-06T01:00:00Z'));
    expect(announcementOf('2026-03-08')!.at).toBe(utc('2026-03-09T00:00:00Z'));
    // …and ends Sunday 1 November 2026.
    expect(announcementOf('2026-10-29')!.at).toBe(utc('2026-10-30T00:00:00Z'));
    expect(announcementOf('2026-11-01')!.at).toBe(utc('2026-11-02T01:00:00Z'));
    expect(easternWallClock(utc('2026-03-09T00:00:00Z'))).toEqual({ day: '2026-03-08', hour: 20, minute: 0 });
    expect(easternTime('2026-11-02', 0)).toBe(utc('2026-11-02T05:00:00Z'));
  });

  it('lists an announcement under the next day', () => {
    expect(announcementOf('2026-06-07')!.listedAs).toBe('2026-06-08'); // Sunday evening → Monday's listing
    expect(announcementOf('2026-06-11')!.listedAs).toBe('2026-06-12'); // Thursday evening → Friday's
  });

  it('finds the latest announcement: before 20:00 the evening before, after it the same evening', () => {
    expect(latestAnnouncement(utc('2026-06-09T23:59:00Z'))!.day).toBe('2026-06-08'); // Tue 19:59 EDT
    expect(latestAnnouncement(utc('2026-06-10T00:00:00Z'))!.day).toBe('2026-06-09'); // Tue 20:00 EDT
  });

  it('has none on Friday or Saturday evenings: the weekend keeps Thursday’s, and Sunday evening’s comes next', () => {
    const saturday = utc('2026-06-13T18:00:00Z');
    expect(latestAnnouncement(saturday)!.day).toBe('2026-06-11');
    expect(nextAnnouncement(saturday)!.day).toBe('2026-06-14');
    expect(nextAnnouncement(saturday)!.at).toBe(utc('2026-06-15T00:00:00Z'));
  });

  it('skips arXiv’s holidays: Thanksgiving and the year’s end as arXiv lists them', () => {
    expect(isHoliday('2026-11-26')).toBe(true);
    // Friday after Thanksgiving: the latest announcement is Wednesday's.
    expect(latestAnnouncement(utc('2026-11-27T15:00:00Z'))!.day).toBe('2026-11-25');
    expect(nextAnnouncement(utc('2026-11-26T12:00:00Z'))!.day).toBe('2026-11-29');
    expect(nextAnnouncement(utc('2026-12-28T12:00:00Z'))!.day).toBe('2026-12-28');
    expect(nextAnnouncement(utc('2026-12-29T12:00:00Z'))!.day).toBe('2026-12-30'); // Tue 29 Dec: none
    expect(nextAnnouncement(utc('2026-12-31T02:00:00Z'))!.day).toBe('2027-01-03'); // Thu 31 Dec, Fri 1 Jan: none
    // A listed holiday on a Friday changes nothing (there is no Friday announcement anyway).
    expect(announcesOn('2026-06-18')).toBe(true);
  });

  it('keeps the US holidays arXiv always keeps for a year it has not listed yet', () => {
    expect(isHoliday('2027-11-25')).toBe(true); // fourth Thursday of November
    expect(isHoliday('2027-01-18')).toBe(true); // third Monday of January
    expect(isHoliday('2027-09-06')).toBe(true); // first Monday of September
    expect(isHoliday('2027-11-24')).toBe(false);
  });

  it('gives the RSS feeds the day the announcement is listed under, midnight to midnight US Eastern', () => {
    const w = rssWindow(announcementOf('2026-06-08')!);
    expect(w).toEqual({ from: utc('2026-06-09T04:00:00Z'), to: utc('2026-06-10T04:00:00Z') });
  });
});
