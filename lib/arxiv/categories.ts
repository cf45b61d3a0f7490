// arXiv archive and category names, after arxiv-base's taxonomy: an archive (`cs`, `hep-th`,
// `q-fin`, `math-ph`, the retired `chao-dyn`), optionally a subject class (`cs.LG`,
// `cond-mat.mes-hall`, `physics.acc-ph`).

const CATEGORY = /^[a-z]+(?:-[a-z]+)?(?:\.[A-Za-z]+(?:-[a-z]+)?)?$/;

export function isCategory(s: string): boolean {
  return CATEGORY.test(s);
}

/**
 * The category a subject line names in its closing parentheses:
 * "Distributed, Parallel, and Cluster Computing (cs.DC)" → `cs.DC`; null when it names none.
 */
export function categoryInParentheses(subject: string): string | null {
  const name = /\(([^()]*)\)\s*$/.exec(subject)?.[1]?.trim() ?? '';
  return isCategory(name) ? name : null;
}
