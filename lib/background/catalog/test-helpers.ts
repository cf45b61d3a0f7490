/** Shared by the catalog tests (never imported by product code). */
import { expect } from 'vitest';
import { CatalogError } from '../../catalog/types';
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
