/**
 * A page's own light/dark theme, followed live. The HTML view's head script sets
 * `<html data-theme>` at load and arXiv's toggle changes it (docs/arxiv-pages.md, "Dark mode and
 * reading mode"): Weft reads it and styles its shadow hosts to match, never writing arXiv's
 * attributes or its storage.
 */
import { effect, signal, type ReadonlySignal } from '@preact/signals';
import { THEME_ATTRIBUTE } from '@/components/styles';
import type { HtmlTheme } from '../arxiv/readers/html';

export type PageTheme = HtmlTheme;

/**
 * The theme `read` sees, updated whenever one of `attributes` of `<html>` changes. An unset
 * theme is arXiv's default, light.
 */
export function followPageTheme(
  read: () => PageTheme | null,
  attributes: readonly string[],
  abort: AbortSignal,
): ReadonlySignal<PageTheme> {
  const theme = signal<PageTheme>(read() ?? 'light');
  const observer = new MutationObserver(() => (theme.value = read() ?? 'light'));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [...attributes] });
  abort.addEventListener('abort', () => observer.disconnect());
  return theme;
}

/** Keeps a shadow host on the page's theme; returns the disposer. No theme: the system's. */
export function themeHost(host: HTMLElement, theme: ReadonlySignal<PageTheme> | undefined): () => void {
  if (!theme) return () => undefined;
  return effect(() => host.setAttribute(THEME_ATTRIBUTE, theme.value));
}
