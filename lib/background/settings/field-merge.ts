/**
 * The settings merged field by field between the reader's computers (sync.ts). Each synced field
 * carries a stamp: when it was last changed, on whichever computer. Of two versions of a field
 * the one with the newer stamp wins; equal stamps are decided by the value, so every computer
 * picks the same winner and they all end alike, whatever order the changes arrive in.
 *
 * Stamps are the changing computer's clock, bumped past the stamp the field had: a change the
 * reader makes after seeing a value wins over it even when this computer's clock is behind the
 * other's.
 */
import { normalizeSettings, SYNCED_FIELDS, type Settings, type SettingsField } from '../../shared/settings/settings';

/** When each synced field was last changed (ms); a field never changed has none (0). */
export type Stamps = Partial<Record<SettingsField, number>>;

/** A field's value with its stamp, as `storage.sync` holds it. */
export interface Stamped {
  v: unknown;
  t: number;
}

const json = (x: unknown) => JSON.stringify(x) ?? 'undefined';

export function fieldValue(settings: Settings, field: SettingsField): unknown {
  return field.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], settings);
}

/**
 * `settings` with `field` set to `value`; null when this Weft would not keep that value as it is
 * (damaged, or meaning something only a newer Weft knows): such a value is never adopted.
 */
export function withField(settings: Settings, field: SettingsField, value: unknown): Settings | null {
  const [head, leaf] = field.split('.') as [string, string | undefined];
  const raw: Record<string, unknown> = { ...settings };
  raw[head] = leaf === undefined ? value : { ...(raw[head] as object), [leaf]: value };
  const next = normalizeSettings(raw);
  return json(fieldValue(next, field)) === json(value) ? next : null;
}

/** Whether version `a` of a field wins over version `b`. */
export function wins(a: Stamped, b: Stamped): boolean {
  return a.t !== b.t ? a.t > b.t : json(a.v) > json(b.v);
}

/** The stamp of a change made at `now` to a field stamped `before`. */
export const nextStamp = (before: number | undefined, now: number): number => Math.max(now, (before ?? 0) + 1);

/** The synced fields whose value differs between two settings. */
export function changedFields(before: Settings, after: Settings): SettingsField[] {
  return SYNCED_FIELDS.filter((f) => json(fieldValue(before, f)) !== json(fieldValue(after, f)));
}

/**
 * Stamps for settings stored before they had any (an update from a Weft without sync): a field
 * the reader set away from its default counts as changed now, so it wins over a default another
 * computer holds; a default is stamped 0 and wins over nothing.
 */
export function firstStamps(settings: Settings, defaults: Settings, now: number): Stamps {
  return Object.fromEntries(changedFields(defaults, settings).map((f) => [f, now]));
}

/** A stored `{ v, t }`, or null when the item is something else. */
export function asStamped(item: unknown): Stamped | null {
  if (typeof item !== 'object' || item === null || !('v' in item) || !('t' in item)) return null;
  const { v, t } = item as Stamped;
  return typeof t === 'number' && Number.isFinite(t) && t >= 0 ? { v, t } : null;
}

export interface Merged {
  settings: Settings;
  stamps: Stamps;
  /** The fields another computer changed later, now taken here. */
  adopted: SettingsField[];
  /** The fields changed here later than `storage.sync` has them, to write there. */
  push: Partial<Record<SettingsField, Stamped>>;
}

/**
 * This computer's settings merged with what `storage.sync` holds (`remote`, by field; absent or
 * unusable items left out). A field never changed anywhere is not pushed: absent means default.
 */
export function mergeFields(settings: Settings, stamps: Stamps, remote: Partial<Record<SettingsField, Stamped>>): Merged {
  let merged = settings;
  const nextStamps: Stamps = { ...stamps };
  const adopted: SettingsField[] = [];
  const push: Partial<Record<SettingsField, Stamped>> = {};
  for (const field of SYNCED_FIELDS) {
    const here: Stamped = { v: fieldValue(merged, field), t: stamps[field] ?? 0 };
    const there = remote[field];
    const taken = there && wins(there, here) ? withField(merged, field, there.v) : null;
    if (there && taken) {
      merged = taken;
      nextStamps[field] = there.t;
      adopted.push(field);
    } else if (there ? wins(here, there) : here.t > 0) {
      push[field] = here;
    }
  }
  return { settings: merged, stamps: nextStamps, adopted, push };
}
