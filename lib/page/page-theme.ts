/**
 * A page's own light/dark theme, followed live. The HTML view's head script sets
 * `<html data-theme>` at load and arXiv's toggle changes it (docs/arxiv-pages.md, "Dark mode and
 * reading mode"): Weft reads it and styles its shadow hosts to match, never writing arXiv's
 * attributes or its storage.
 */
import { effect, signal, type ReadonlySignal } from '@preact/signals-core';
import { THEME_ATTRIBUTE } from '@/components/styles';
import { HTML_VIEW_PREFERENCES, readHtmlTheme, type HtmlTheme } from '../arxiv/readers/html';

export type PageTheme = HtmlTheme;

/** The HTML view's theme, updated whenever arXiv's toggle changes it. Unset, it is arXiv's default, light. */
export function followPageTheme(abort: AbortSignal): ReadonlySignal<PageTheme> {
  const read = () => readHtmlTheme(document) ?? 'light';
  const theme = signal<PageTheme>(read());
  const observer = new MutationObserver(() => (theme.value = read()));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [HTML_VIEW_PREFERENCES.theme] });
  abort.addEventListener('abort', () => observer.disconnect());
  return theme;
}

/** Keeps a shadow host on the page's theme; returns the disposer. No theme: the system's. */
export function themeHost(host: HTMLElement, theme: ReadonlySignal<PageTheme> | undefined): () => void {
  if (!theme) return () => undefined;
  return effect(() => host.setAttribute(THEME_ATTRIBUTE, theme.value));
}
