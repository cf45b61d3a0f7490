/**
 * The researcher view of the popup as signals: a stack of opened researchers (a co-author opens
 * on top; Back returns to the one before, and finally to the search results), and the loaded
 * profile of the one on top. Only the latest load may set the state; answers already seen in
 * this popup are reused, so Back is instant. The background answers with the profile and the
 * newest works the researcher page opens with (one pipeline for both views); where the person
 * stands in their author lists and with whom they write most are the researcher page's own
 * models (./researcher-summary.ts) over those works.
 */
import { computed, signal } from '@preact/signals';
import type { ask as askBackground } from '@/lib/ui/client';
import type { ResearcherResult, WireError } from '@/lib/background/protocol';
import { failureOf } from '@/lib/ui/describe-failure';
import { authorPositions, coauthorNetwork, type CoauthorNode, type Positions } from './researcher-summary';

export interface OpenedResearcher {
  /** Bare OpenAlex A id. */
  id: string;
  /** The name the reader clicked, shown until the profile arrives. */
  name: string;
}

/** Co-authors the popup lists (the researcher page draws more). */
const MAX_COAUTHORS = 8;

/** What the popup shows of the newest works beside the list of them. */
export interface RecentSummary {
  positions: Positions;
  /** The most frequent co-authors with a profile, most shared works first. */
  coAuthors: CoauthorNode[];
}

export type ResearcherState =
  | { status: 'loading' }
  /** `recent` is null when the works were unavailable. */
  | { status: 'ready'; data: ResearcherResult; recent: RecentSummary | null }
  | { status: 'error'; failure: WireError };

function ready(data: ResearcherResult): ResearcherState {
  const works = data.recent.status === 'ready' ? data.recent.works : null;
  const recent = works && { positions: authorPositions(works), coAuthors: coauthorNetwork(data.profile.openalexId, works, MAX_COAUTHORS).nodes };
  return { status: 'ready', data, recent };
}

export function createResearcherViews(ask: typeof askBackground) {
  const stack = signal<OpenedResearcher[]>([]);
  const current = computed(() => stack.value.at(-1) ?? null);
  const state = signal<ResearcherState>({ status: 'loading' });
  const seen = new Map<string, ResearcherResult>();
  let latest: AbortController | null = null;

  async function load(id: string, { reuse = true } = {}): Promise<void> {
    latest?.abort();
    const known = reuse ? seen.get(id) : undefined;
    if (known) {
      latest = null;
      state.value = ready(known);
      return;
    }
    const controller = new AbortController();
    latest = controller;
    state.value = { status: 'loading' };
    try {
      const data = await ask({ type: 'researcher', id });
      // Keep complete answers only: a missing works section should load again next time.
      if (data.recent.status === 'ready') seen.set(id, data);
      if (!controller.signal.aborted) state.value = ready(data);
    } catch (e) {
      if (!controller.signal.aborted) state.value = { status: 'error', failure: failureOf(e) };
    }
  }

  /** Shows `id` on top of the stack (a researcher result, or a co-author of the one shown). */
  function open(id: string, name: string): void {
    if (current.value?.id === id) return;
    stack.value = [...stack.value, { id, name }];
    void load(id);
  }

  /** Returns to the previous researcher, or to the search when none is left. */
  function back(): void {
    stack.value = stack.value.slice(0, -1);
    const top = current.value;
    if (top) void load(top.id);
    else latest?.abort();
  }

  /** Loads the one shown again (after an error, or for the part that was unavailable). */
  function retry(): void {
    const top = current.value;
    if (top) void load(top.id, { reuse: false });
  }

  return { stack, current, state, open, back, retry };
}

export type ResearcherViews = ReturnType<typeof createResearcherViews>;
