/** Shared by the catalog tests (never imported by product code). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { fixturesPath } from '@/test/fixtures';
import { CatalogError, type Institution } from '../../catalog/types';
import { API_BASES } from '../../catalog/hosts';
import type { HttpOptions } from './http';

/** The CatalogError a promise rejects with (fails the test when it resolves or rejects otherwise). */
export async function failure(p: Promise<unknown>): Promise<CatalogError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(CatalogError);
  return e as CatalogError;
}

/** The catalog hosts without their per-second pace: for tests that are not about pacing (pacer.test.ts is). */
export const UNPACED: Pick<HttpOptions, 'limits'> = {
  limits: Object.fromEntries(Object.values(API_BASES).map((base) => [new URL(base).host, { perSecond: Infinity }])),
};

const TESTDATA = resolve(dirname(fileURLToPath(import.meta.url)), 'testdata');

/** A file of ./testdata: catalog answers made up here in the shapes the APIs answer with (README.md there). */
export function madeUp(name: string): string {
  return readFileSync(join(TESTDATA, name), 'utf8');
}

export function madeUpJson<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(madeUp(name)) as T;
}

/** The made-up answers' main institution (I4000000101 of ./testdata), as Weft reads it. */
export const MADE_UP_INSTITUTE: Institution = { openalexId: 'I4000000101', rorId: '0madeup01', name: 'Institute of Made-Up Networks', countryCode: 'NZ' };

/**
 * The folder of the APIs' recorded responses in the shared fixtures beside the repo (`api`, or
 * one API's: `api/openalex`, `api/semanticscholar`; never copied in), or null in a checkout
 * without them: the tests then run on the made-up answers alone, and say so.
 */
export function recordedResponses(what: string, api?: string): string | null {
  const dir = fixturesPath(api ? `api/${api}` : 'api');
  if (existsSync(dir)) return dir;
  console.warn(`[${what}] ${dir} is absent: testing on the made-up answers of testdata/ only`);
  return null;
}

/** A table's rows: the made-up case always, and the recorded ones (built only then) when the recordings are there. */
export function andRecorded<Row>(recorded: string | null, madeUpRow: Row, ...recordedRows: (() => Row)[]): Row[] {
  return recorded ? [madeUpRow, ...recordedRows.map((row) => row())] : [madeUpRow];
}
