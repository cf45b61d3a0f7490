/**
 * valibot pieces for bare catalog ids, on the one grammar of each (lib/catalog/ids.ts): a
 * request's fields, a stored record and a catalog's answer are checked alike.
 */
import * as v from 'valibot';
import { bareOrcid, isOpenAlexId, isS2AuthorId, type OpenAlexEntity } from '../../../catalog/ids';

const openAlexId = (entity: OpenAlexEntity, what: string) => v.pipe(v.string(), v.check((s) => isOpenAlexId(s, entity), `not an OpenAlex ${what} id`));

export const OpenAlexAuthorId = openAlexId('A', 'author');
export const OpenAlexWorkId = openAlexId('W', 'work');
export const S2AuthorId = v.pipe(v.string(), v.check(isS2AuthorId, 'not a Semantic Scholar author id'));
/** A bare ORCID (`0000-0001-6187-6610`). */
export const Orcid = v.pipe(v.string(), v.check((s) => bareOrcid(s) === s, 'not an ORCID'));
