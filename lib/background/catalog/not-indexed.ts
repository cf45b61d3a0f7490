/**
 * How long "not indexed yet" holds. OpenAlex indexes an arXiv paper within about four days and
 * Semantic Scholar within about one, so for a paper that may be days old a catalog's 404 is
 * asked again after hours, not a day; the decisions taken without a record (docs/identity.md)
 * live as long, since the record takes over as soon as a catalog has the paper.
 */

export const NOT_INDEXED_TTL = 3 * 3_600_000;

const NEW_STYLE = /^(\d\d)(\d\d)\.\d{4,5}$/;

/**
 * Whether the paper may be only days old: its id (YYMM.NNNNN) is from this month or the last
 * (UTC). Old-style ids are from before 2007.
 */
export function mayBeNew(arxivId: string, now: number): boolean {
  const m = NEW_STYLE.exec(arxivId);
  if (!m) return false;
  const d = new Date(now);
  const months = d.getUTCFullYear() * 12 + d.getUTCMonth() - ((2000 + Number(m[1])) * 12 + Number(m[2]) - 1);
  return months <= 1;
}
