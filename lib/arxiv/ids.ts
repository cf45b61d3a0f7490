// arXiv identifiers, after arXiv/arxiv-browse browse/domain/identifier.py (docs/arxiv-pages.md, arXiv ids).
import { ARXIV_URL_HOSTS } from './urls';

export interface ParsedArxivId {
  /** Bare id, no version, in arXiv's own spelling: `2406.05546`, `hep-th/9901001`, `math.GT/0309136`. */
  id: string;
  version: number | null;
}

// Same shape as arxiv-browse's RE_ARXIV_NEW_ID / RE_ARXIV_OLD_ID, minus their trailing
// `[#/].*` "extra" group: URL suffixes are stripped before matching instead, so a bare id
// with junk after it is rejected.
const NEW_ID = /^(\d\d)(\d\d)\.(\d{4,5})(?:v([1-9]\d*))?$/;
const OLD_ID = /^([a-z]+(?:-[a-z]{2,})?)(?:\.([a-z-]{2,}))?\/(\d\d)(\d\d)(\d{3})(?:v([1-9]\d*))?$/i;

const ARXIV_HOSTS = new Set(ARXIV_URL_HOSTS);
const ID_ROUTES = new Set(['abs', 'pdf', 'html']);

function validMonth(mm: string): boolean {
  const month = Number(mm);
  return month >= 1 && month <= 12;
}

function toVersion(v: string | undefined): number | null {
  return v === undefined ? null : Number(v);
}

/** Parses a bare id (optionally versioned) exactly as written: no prefix, URL or padding. */
function parseBare(s: string): ParsedArxivId | null {
  const fresh = NEW_ID.exec(s);
  if (fresh) {
    const [, yy = '', mm = '', num = '', v] = fresh;
    if (!validMonth(mm) || Number(num) === 0) return null;
    const yymm = Number(yy + mm);
    // New-style ids started in 2007-04; the number grew from 4 to 5 digits in 2015-01.
    if (yymm < 704) return null;
    if (num.length !== (Number(yy) >= 15 ? 5 : 4)) return null;
    return { id: `${yy}${mm}.${num}`, version: toVersion(v) };
  }
  const old = OLD_ID.exec(s);
  if (old) {
    const [, archive = '', subjectClass, yy = '', mm = '', num = '', v] = old;
    if (!validMonth(mm) || Number(num) === 0) return null;
    // Old-style ids ran from 1991 until 2007-03.
    const year = Number(yy) + (Number(yy) >= 91 ? 1900 : 2000);
    if (year > 2007 || (year === 2007 && Number(mm) > 3)) return null;
    // arXiv writes math/cs/nlin/q-bio/astro-ph classes as two capitals (math.GT, cs.DC) and the
    // longer physics ones in lower case (cond-mat.mes-hall, physics.acc-ph).
    const cls =
      subjectClass === undefined
        ? ''
        : '.' + (subjectClass.length === 2 ? subjectClass.toUpperCase() : subjectClass.toLowerCase());
    return { id: `${archive.toLowerCase()}${cls}/${yy}${mm}${num}`, version: toVersion(v) };
  }
  return null;
}

/** The id part of an arxiv.org `/abs/`, `/pdf/` or `/html/` URL, or null for any other URL. */
function idFromUrl(input: string): string | null {
  let href: string;
  if (/^https?:\/\//i.test(input)) href = input;
  // Scheme-less "arxiv.org/abs/…" is what some address bars copy.
  else if (ARXIV_URL_HOSTS.some((host) => input.toLowerCase().startsWith(`${host}/`))) href = `https://${input}`;
  else return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (!ARXIV_HOSTS.has(url.hostname.toLowerCase())) return null;
  const match = /^\/([a-z]+)\/(.+?)\/?$/.exec(url.pathname);
  if (!match || !ID_ROUTES.has(match[1] ?? '')) return null;
  const rest = match[2] ?? '';
  return match[1] === 'pdf' ? rest.replace(/\.pdf$/i, '') : rest;
}

/**
 * Parses a bare id, an `arXiv:` reference or an arxiv.org abs/pdf/html URL.
 * Returns null for anything that is not unambiguously one arXiv paper.
 */
export function parseArxivId(input: string): ParsedArxivId | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  const fromUrl = idFromUrl(trimmed);
  if (fromUrl !== null) return parseBare(fromUrl);
  return parseBare(trimmed.replace(/^arxiv\s*:\s*/i, ''));
}

/** True only for an unversioned id written exactly as arXiv writes it (message validation). */
export function isBareArxivId(s: string): boolean {
  const parsed = parseBare(s);
  return parsed !== null && parsed.version === null && parsed.id === s;
}

export function formatArxivId(id: string, version?: number | null): string {
  return version == null ? id : `${id}v${version}`;
}

/**
 * The DataCite DOI in the lower-case form OpenAlex indexes. An old-style subject class
 * (`math.GT/…`) is not part of the registered identifier, so it is dropped.
 */
export function arxivDoi(id: string): string {
  return `10.48550/arxiv.${id.replace(/^([a-z-]+)\.[A-Za-z-]+\//, '$1/').toLowerCase()}`;
}

/**
 * The unversioned id of `raw` (a bare or versioned id, an `arXiv:` reference or an arXiv URL),
 * or null. Both catalogs know only unversioned ids (a versioned one is a 404 at S2 and has no DOI).
 */
export function toBareArxivId(raw: string): string | null {
  return parseArxivId(raw)?.id ?? null;
}

/** The arXiv id of an arxiv.org abs/pdf/html URL (catalog landing pages); null for anything else. */
export function arxivIdFromUrl(raw: string | null | undefined): string | null {
  return raw && /^https?:\/\//i.test(raw.trim()) ? toBareArxivId(raw) : null;
}

/**
 * A DOI without resolver prefix (`https://doi.org/`, `doi:`), or null when it is not one: the one
 * DOI grammar, for what arXiv's pages print (a published version's DOI) and what the catalogs serve.
 */
export function bareDoi(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const doi = raw.trim().replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '').replace(/^doi:/i, '');
  return /^10\.\d{4,9}\/\S+$/.test(doi) ? doi : null;
}

/** arXiv's own DOIs (10.48550/arXiv.<id>) name the preprint, never a journal version. */
export function isArxivDoi(doi: string): boolean {
  return /^10\.48550\/arxiv\./i.test(doi);
}

/** The arXiv id inside an arXiv DOI (`10.48550/arxiv.2312.07559` → `2312.07559`), else null. */
export function arxivIdFromDoi(doi: string | null): string | null {
  return doi && isArxivDoi(doi) ? toBareArxivId(doi.slice('10.48550/arxiv.'.length)) : null;
}

/**
 * An ORCID (`0000-0001-6187-6610`), unanchored: arXiv's HTML view prints them inside text, and
 * the catalogs serve them as URLs (lib/catalog/ids.ts bareOrcid). The one grammar of an ORCID.
 */
export const ORCID_PATTERN = /\d{4}-\d{4}-\d{4}-\d{3}[\dX]/;
