/**
 * The paper panels, one object each: the request that loads it, when its answer counts as
 * empty or as a stand-in, whether it waits for the badges, and its component. The panels'
 * state, their early requests and the paper-panels feature read this; `satisfies` asks for an
 * entry per id of `PANEL_IDS`. A panel's id, its show/hide setting and that setting's label on
 * the options page are in lib/shared/settings/settings.ts (the label apart from this, so that
 * the content scripts, which bundle this, do not carry it).
 */
import type { ComponentType } from 'preact';
import type { RequestOf, RequestType, ResponseMap } from '@/lib/background/protocol';
import { createPanelLoader, type Known, type PanelAnswer, type PanelLoader } from '@/lib/ui/paper-panel-state';
import type { ask as askBackground } from '@/lib/ui/client';
import { MAX_TITLE_CHARS } from '@/lib/shared/limits';
import { PANEL_IDS, type PanelId } from '@/lib/shared/settings/settings';
import { CitationsPanel } from './CitationsPanel';
import { InstitutionsPanel } from './InstitutionsPanel';
import { RelatedPanel } from './RelatedPanel';
import type { PanelProps } from './PanelParts';

/** What a panel's request is made from: the abs page's paper. */
export interface PanelPage {
  arxivId: string;
  title: string;
}

/** The requests whose answer a panel can show. */
type PanelRequest = { [K in RequestType]: ResponseMap[K] extends PanelAnswer ? K : never }[RequestType];

interface PanelKind<K extends PanelRequest> {
  /** The request that loads the panel (also sent early, from the page's head), and its fields. */
  type: K;
  fields: (page: PanelPage) => Omit<RequestOf<K>, 'type' | 'revalidate'>;
  /** The catalog answered with nothing to list (default: never). */
  empty?: (data: Known<ResponseMap[K]>) => boolean;
  /** The answer is a stand-in a saved copy from the better source outranks (default: never). */
  degraded?: (data: Known<ResponseMap[K]>) => boolean;
  /**
   * Waits for the features before it (the badges), at most a moment: its request is one no
   * other feature shares, so it goes last and is not sent early.
   */
  waits?: true;
  view: ComponentType<PanelProps<ResponseMap[K]>>;
}

/** An entry, its functions and component checked against the answer to its request's `type`. */
const panel = <K extends PanelRequest>(kind: PanelKind<K>) => kind;

/** Semantic Scholar failed and OpenAlex stood in. */
const s2Failed = (d: { s2Failure: string | null }) => d.s2Failure !== null;

export const PANELS = {
  paper: panel({
    type: 'paper-citations',
    fields: ({ arxivId }) => ({ arxivId }),
    degraded: s2Failed,
    view: CitationsPanel,
  }),
  institutions: panel({
    type: 'paper-institutions',
    fields: ({ arxivId }) => ({ arxivId }),
    empty: (d) => d.groups.length === 0,
    view: InstitutionsPanel,
  }),
  related: panel({
    type: 'related-papers',
    fields: ({ arxivId, title }) => ({ arxivId, ...(title ? { title: title.slice(0, MAX_TITLE_CHARS) } : {}) }),
    empty: (d) => d.papers.length === 0,
    degraded: s2Failed,
    waits: true,
    view: RelatedPanel,
  }),
} satisfies Record<PanelId, unknown>;

type Panels = typeof PANELS;
/** The answer panel `P` shows. */
export type PanelAnswerOf<P extends PanelId> = Panels[P] extends PanelKind<infer K> ? ResponseMap[K] : never;
export type PaperPanelState = { [P in PanelId]: PanelLoader<PanelAnswerOf<P>> };

type Ask = typeof askBackground;

/** A panel's first request. */
export function panelRequest<K extends PanelRequest>({ type, fields }: Pick<PanelKind<K>, 'type' | 'fields'>, page: PanelPage): RequestOf<K> {
  return { type, ...fields(page) } as RequestOf<K>;
}

/** The panels of one abs page, each loading, failing and retrying on its own. */
export function createPaperPanelState(page: PanelPage, ask: Ask): PaperPanelState {
  const loader = <K extends PanelRequest>(kind: PanelKind<K>) => {
    const first = panelRequest(kind, page);
    return createPanelLoader((revalidate) => ask<K>(revalidate ? { ...first, revalidate } : first), kind.empty, kind.degraded);
  };
  return Object.fromEntries(PANEL_IDS.map((id) => [id, loader(PANELS[id] as PanelKind<PanelRequest>)])) as PaperPanelState;
}

/**
 * Any panel's component, given `state[id]` as its loader. Each entry pairs its component with
 * its loader's answer; indexed by a union of ids TypeScript loses the pairing, hence this type.
 */
export type PanelView = ComponentType<Omit<PanelProps<PanelAnswer>, 'loader'> & { loader: PaperPanelState[PanelId] }>;
