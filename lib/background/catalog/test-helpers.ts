/** Shared by the catalog tests (never imported by product code). */
import { expect } from 'vitest';
import { CatalogError } from '../../catalog/types';

/** The CatalogError a promise rejects with (fails the test when it resolves or rejects otherwise). */
export async function failure(p: Promise<unknown>): Promise<CatalogError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(CatalogError);
  return e as CatalogError;
}
