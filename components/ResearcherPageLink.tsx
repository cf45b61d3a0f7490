import type { ComponentChildren } from 'preact';
import { ask } from '@/lib/ui/client';
import { researcherPageUrl } from '@/lib/shared/researcher-link';
import { trusted } from '@/lib/ui/trusted';

interface Props {
  /** Bare OpenAlex author id. */
  id: string;
  /** Their Semantic Scholar author id, when the opener knows it (the page then shows S2's figures). */
  s2Id?: string | null;
  children: ComponentChildren;
}

/**
 * A link to the researcher page. The background opens it (next to the current tab): an arXiv
 * page may not navigate to an extension page itself, and the popup closes as a tab opens. A
 * modified or middle click opens it in the background, as for any link.
 */
export function ResearcherPageLink({ id, s2Id, children }: Props) {
  const open = (e: MouseEvent, background: boolean) => {
    e.preventDefault();
    void ask({ type: 'open-researcher-page', id, ...(s2Id ? { s2Id } : {}), background }).catch((err: unknown) => {
      console.warn('Weft: could not open the researcher page', err);
    });
  };
  return (
    <a
      href={researcherPageUrl(id, s2Id)}
      target="_blank"
      rel="noopener"
      data-weft-link="researcher-page"
      onClick={trusted((e) => open(e, e.ctrlKey || e.metaKey || e.shiftKey))}
      onAuxClick={trusted((e) => e.button === 1 && open(e, true))}
    >
      {children}
    </a>
  );
}
