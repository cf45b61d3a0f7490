/**
 * The sources of evidence for papers no catalog has, in the order they run and are weighed
 * (docs/identity.md, Sources of evidence): a new kind of evidence is a file beside these
 * (source.ts says what it implements) and its line here.
 */
import { commonNames } from './common-names';
import { printedAffiliation } from './printed-affiliation';
import { printedOrcid } from './printed-orcid';
import { sharedWorks } from './shared-works';
import type { EvidenceSource } from './source';

export const EVIDENCE_SOURCES: readonly EvidenceSource[] = [printedOrcid, sharedWorks, commonNames, printedAffiliation];
