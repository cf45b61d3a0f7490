/**
 * Weft's shadow-root styles. Tokens follow arXiv's quiet palette. Dark mode follows the page's
 * own theme where it has one (the HTML view: its hosts carry THEME_ATTRIBUTE), else the system
 * (abs pages have no dark theme, but browsers and extensions may darken them).
 */

/** Set on a shadow host to the page's theme (`light` | `dark`); absent: follow the system. */
export const THEME_ATTRIBUTE = 'data-weft-theme';

/** Each token's light and dark value: one palette, picked by the host's color-scheme. */
const PALETTE: Record<string, [light: string, dark: string]> = {
  fg: ['#1f2328', '#e6edf3'], muted: ['#5b636d', '#9aa5b1'], bg: ['#ffffff', '#1d2125'],
  chip: ['#eef1f4', '#2d333b'], 'chip-fg': ['#2b3440', '#dbe3ea'], accent: ['#b31b1b', '#ff8a80'],
  link: ['#0b57a4', '#79b8ff'], border: ['#d0d7de', '#444c56'], error: ['#9a3412', '#fdba74'],
  focus: ['#1a73e8', '#79b8ff'],
};

export const tokens = `
  :host { color-scheme: light; ${Object.entries(PALETTE).map(([name, [light, dark]]) => `--weft-${name}: light-dark(${light}, ${dark});`).join(' ')} }
  @media (prefers-color-scheme: dark) { :host(:not([${THEME_ATTRIBUTE}])) { color-scheme: dark; } }
  :host([${THEME_ATTRIBUTE}="dark"]) { color-scheme: dark; }
`;

/**
 * The badge: a fixed minimum width, so the page does not shift when numbers arrive. Listing
 * badges (they name their paper) keep still and use the listing's own font: hundreds of running
 * animations, or of runs in a font the page does not use, on a 2,000-entry page cost a rendering
 * pass every frame, long tasks while scrolling. A guess is tentative: muted and dashed, its "?" in
 * the text; a quiet dot says the two catalogs disagree (the card shows both); the paper panels
 * point out an institution's authors (`data-weft-highlight`, paper-panels.tsx). Forced colours
 * drop box-shadows and make every border one colour: there the open card and the highlight are a
 * Highlight-coloured outline. The comments live
 * here, not in the CSS: every content script ships that text.
 */
export const badgeCss = `${tokens}
  :host { display: inline-block; vertical-align: baseline; margin: 0 0.15em 0 0.3em; }
  button {
    font: 600 0.72em/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    min-width: 3.6em; padding: 0 0.45em; border: 1px solid transparent; border-radius: 999px;
    background: var(--weft-chip); color: var(--weft-chip-fg); cursor: pointer;
    white-space: nowrap; text-align: center; font-variant-numeric: tabular-nums;
  }
  button:hover { border-color: var(--weft-border); }
  button:focus-visible { outline: 2px solid var(--weft-focus); outline-offset: 1px; }
  button[aria-expanded="true"] { border-color: var(--weft-accent); }
  .loading, .idle { color: var(--weft-muted); }
  .loading span { animation: weft-pulse 1.2s ease-in-out infinite; }
  :host([data-weft-paper]) .loading span { animation: none; }
  :host([data-weft-paper]) button { font-family: inherit; }
  .quiet { background: transparent; color: var(--weft-muted); font-weight: 400; }
  .error { background: transparent; color: var(--weft-error); border-color: var(--weft-border); }
  .followed::after { content: " ★"; color: var(--weft-accent); }
  .followed button { border-color: var(--weft-accent); }
  .guess { background: transparent; color: var(--weft-muted); border: 1px dashed var(--weft-border); font-weight: 500; font-style: italic; }
  .differ::after { content: "•"; margin-left: 0.2em; color: var(--weft-muted); font-size: 0.8em; }
  :host([data-weft-highlight]) button { border-color: var(--weft-accent); box-shadow: 0 0 0 2px var(--weft-accent); }
  @keyframes weft-pulse { 50% { opacity: 0.35; } }
  @media (prefers-reduced-motion: reduce) { .loading span { animation: none; } }
  @media (forced-colors: active) { button[aria-expanded="true"], :host([data-weft-highlight]) button { outline: 2px solid Highlight; } }
`;

export const cardCss = `${tokens}
  :host { position: absolute; top: 0; left: 0; z-index: 2147483000; }
  .card {
    position: absolute; width: 22rem; max-width: calc(100vw - 16px); box-sizing: border-box;
    padding: 0.85rem 1rem; border: 1px solid var(--weft-border); border-radius: 8px;
    background: var(--weft-bg); color: var(--weft-fg);
    box-shadow: 0 8px 24px rgba(0, 0, 0, 0.18);
    font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  }
  .card:focus { outline: none; }
  .card:focus-visible { outline: 2px solid var(--weft-focus); }
  h2 { font-size: 1.05rem; margin: 0 1.6rem 0.15rem 0; line-height: 1.3; overflow-wrap: anywhere; }
  .close {
    position: absolute; top: 0.45rem; right: 0.5rem; border: 0; background: transparent;
    color: var(--weft-muted); font-size: 1.1rem; cursor: pointer; padding: 0.1rem 0.35rem; border-radius: 4px;
  }
  .close:focus-visible, a:focus-visible, button:focus-visible { outline: 2px solid var(--weft-focus); outline-offset: 1px; }
  .stats { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0.5rem; margin: 0.6rem 0; }
  .stat { background: var(--weft-chip); border-radius: 6px; padding: 0.35rem 0.5rem; }
  .stat b { display: block; font-size: 1.1rem; font-variant-numeric: tabular-nums; }
  .stat span { font-size: 0.75rem; color: var(--weft-muted); }
  dl { margin: 0.4rem 0; display: grid; grid-template-columns: auto 1fr; gap: 0.2rem 0.6rem; font-size: 0.85rem; }
  dt { color: var(--weft-muted); }
  dd { margin: 0; overflow-wrap: anywhere; }
  .links { display: flex; flex-wrap: wrap; gap: 0.4rem 0.9rem; margin-top: 0.5rem; font-size: 0.85rem; }
  a { color: var(--weft-link); }
  .source { margin-top: 0.55rem; font-size: 0.75rem; color: var(--weft-muted); }
  .note { color: var(--weft-muted); font-size: 0.85rem; margin: 0.4rem 0; }
  .actions { display: flex; gap: 0.5rem; margin-top: 0.6rem; }
  .action {
    font: inherit; font-size: 0.85rem; padding: 0.25rem 0.7rem; border-radius: 6px; cursor: pointer;
    border: 1px solid var(--weft-border); background: var(--weft-chip); color: var(--weft-fg);
  }
  .both { width: 100%; border-collapse: collapse; font-size: 0.85rem; margin: 0.3rem 0; font-variant-numeric: tabular-nums; }
  .both th, .both td { text-align: right; padding: 0.1rem 0.3rem; }
  .both th:first-child, .both td:first-child { text-align: left; color: var(--weft-muted); font-weight: 400; }
  .match { font-size: 0.8rem; margin: 0.2rem 0; color: var(--weft-muted); }
  .match.guess { color: var(--weft-error); }
  .identity-actions .actions { flex-wrap: wrap; }
  .candidates { list-style: none; margin: 0.4rem 0; padding: 0; max-height: 14rem; overflow: auto; }
  .candidate {
    display: block; width: 100%; text-align: left; font: inherit; font-size: 0.85rem; margin: 0 0 0.3rem;
    padding: 0.35rem 0.5rem; border: 1px solid var(--weft-border); border-radius: 6px;
    background: var(--weft-bg); color: var(--weft-fg); cursor: pointer;
  }
  .candidate:hover { border-color: var(--weft-accent); }
  .candidate .facts, .candidate .why { display: block; color: var(--weft-muted); font-size: 0.8rem; }
  .everywhere { display: block; font-size: 0.8rem; margin: 0.3rem 0; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

/** The progress line of a long listing (listing-badges.tsx). */
export const progressCss = `${tokens}
  :host { position: fixed; right: 12px; bottom: 12px; z-index: 2147482000; }
  .line {
    display: flex; align-items: center; gap: 0.4rem; padding: 0.2rem 0.3rem 0.2rem 0.7rem;
    border: 1px solid var(--weft-border); border-radius: 999px; background: var(--weft-bg); color: var(--weft-muted);
    font: 12px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-variant-numeric: tabular-nums;
    box-shadow: 0 2px 8px rgba(0, 0, 0, 0.12);
  }
  button {
    border: 0; background: transparent; color: var(--weft-muted); cursor: pointer; font-size: 14px; line-height: 1;
    padding: 0.1rem 0.35rem; border-radius: 999px;
  }
  button:focus-visible { outline: 2px solid var(--weft-focus); outline-offset: 1px; }
`;
