/**
 * When a catalog last refused the reader's saved key (OpenAlex 401, Semantic Scholar 403), so
 * the options page and the popup can say so. Weft keeps the key and keeps sending it: dropping
 * it silently would hide the problem and change which allowance the reader is on. A new key,
 * a removed key or a passing "Test" clears the report.
 */
import { browser } from 'wxt/browser';
import { createSerial } from '../serial';
import { perCatalog } from '../../catalog/catalogs';
import type { KeyService } from '../../shared/settings/key-format';

export const KEY_PROBLEMS_KEY = 'apiKeyProblems';

/** Per service: epoch ms when the catalog refused the saved key, or null. */
export type KeyProblems = Record<KeyService, number | null>;

export const NO_PROBLEMS: KeyProblems = perCatalog(() => null);

export function readableProblems(raw: unknown): KeyProblems {
  const r = (raw ?? {}) as Partial<Record<KeyService, unknown>>;
  const at = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  return perCatalog((service) => at(r[service]));
}

export async function readKeyProblems(): Promise<KeyProblems> {
  return readableProblems((await browser.storage.local.get(KEY_PROBLEMS_KEY))[KEY_PROBLEMS_KEY]);
}

/** The background's writer: one storage write per refusal streak, not one per failed call. */
export function createKeyProblemLog(now = Date.now) {
  const reported = new Set<KeyService>();
  const serial = createSerial();
  let last: Promise<void> = Promise.resolve();
  const change = (patch: Partial<KeyProblems>) =>
    (last = serial(async () => browser.storage.local.set({ [KEY_PROBLEMS_KEY]: { ...(await readKeyProblems()), ...patch } })).catch(
      (e: unknown) => console.warn('Weft: could not record an API key problem', e),
    ));
  return {
    refused(service: KeyService): Promise<void> {
      if (reported.has(service)) return last;
      reported.add(service);
      return change({ [service]: now() });
    },
    clear(service: KeyService): Promise<void> {
      reported.delete(service);
      return change({ [service]: null });
    },
  };
}

export type KeyProblemLog = ReturnType<typeof createKeyProblemLog>;
