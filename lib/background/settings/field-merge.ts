/**
 * The settings merged field by field between the reader's computers (sync.ts). Each synced field
 * carries a stamp (../sync/stamped.ts: the newer change wins, bumped past the stamp it had).
 */
import { normalizeSettings, SYNCED_FIELDS, type Settings, type SettingsField } from '../../shared/settings/settings';
import { json, mergeItem, type Stamped } from '../sync/stamped';

/** When each synced field was last changed (ms); a field never changed has none (0). */
export type Stamps = Partial<Record<SettingsField, number>>;

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
    const done = mergeItem({ v: fieldValue(merged, field), t: stamps[field] ?? 0 }, remote[field], (v) => withField(merged, field, v));
    if (done && 'take' in done) {
      merged = done.take;
      nextStamps[field] = done.t;
      adopted.push(field);
    } else if (done) {
      push[field] = done.write;
    }
  }
  return { settings: merged, stamps: nextStamps, adopted, push };
}
