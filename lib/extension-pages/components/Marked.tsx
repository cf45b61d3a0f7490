import { runs } from '@/lib/shared/privacy';

/** A text with its `code` and *titles* marked (lib/shared/privacy.ts): privacy facts, messages. */
export function Marked({ text }: { text: string }) {
  return <>{runs(text).map((r, k) => (r.kind === 'code' ? <code key={k}>{r.text}</code> : r.kind === 'title' ? <i key={k}>{r.text}</i> : r.text))}</>;
}
