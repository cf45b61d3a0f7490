/** Resolves after `ms` (a grace an answer may wait for a later part of it). */
export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
