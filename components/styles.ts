/**
 * Weft's shadow-root styles. Tokens follow arXiv's quiet palette. Dark mode follows the page's
 * own theme where it has one (the HTML view: its hosts carry THEME_ATTRIBUTE), else the system
 * (abs pages have no dark theme, but browsers and extensions may darken them). Lengths are in
 * px or em, never rem: rem follows the page's root font size, which a page may set to anything.
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

/**
 * What every shadow root of Weft's starts with: the palette, the font, the focus ring and the
 * loading pulse (still for readers who ask for less motion). On arXiv pages the host's own
 * declarations are `!important`: the page code resets every host with `!important`
 * (lib/page/shadow-host.ts), so that no page rule can restyle it.
 */
export const tokens = `
  :host {
    color-scheme: light !important; --weft-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif !important;
    ${Object.entries(PALETTE).map(([name, [light, dark]]) => `--weft-${name}: light-dark(${light}, ${dark}) !important;`).join(' ')}
  }
  @media (prefers-color-scheme: dark) { :host(:not([${THEME_ATTRIBUTE}])) { color-scheme: dark !important; } }
  :host([${THEME_ATTRIBUTE}="dark"]) { color-scheme: dark !important; }
  :focus-visible { outline: 2px solid var(--weft-focus); outline-offset: 1px; }
  @keyframes weft-pulse { 50% { opacity: 0.35; } }
  @media (prefers-reduced-motion: reduce) { * { animation: none !important; } }
`;

/** Text for screen readers only. */
// A template literal, so that the build compacts it as it does the sheets (wxt.config.ts).
const SR_ONLY = `.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }`;

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
  :host { display: inline-block !important; vertical-align: baseline !important; margin: 0 0.15em 0 0.3em !important; }
  button {
    font: 600 0.72em/1.5 var(--weft-font);
    min-width: 3.6em; padding: 0 0.45em; border: 1px solid transparent; border-radius: 999px;
    background: var(--weft-chip); color: var(--weft-chip-fg); cursor: pointer;
    white-space: nowrap; text-align: center; font-variant-numeric: tabular-nums;
  }
  button:hover { border-color: var(--weft-border); }
  button[aria-expanded="true"] { border-color: var(--weft-accent); }
  .loading, .idle { color: var(--weft-muted); }
  .identifying { border: 1px dotted var(--weft-border); }
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
  @media (forced-colors: active) { button[aria-expanded="true"], :host([data-weft-highlight]) button { outline: 2px solid Highlight; } }
`;

export const cardCss = `${tokens}
  :host { position: absolute !important; top: 0 !important; left: 0 !important; z-index: 2147483000 !important; }
  .card {
    position: absolute; width: 352px; max-width: calc(100vw - 16px); box-sizing: border-box;
    padding: 13.6px 16px; border: 1px solid var(--weft-border); border-radius: 8px;
    background: var(--weft-bg); color: var(--weft-fg);
    box-shadow: 0 8px 24px rgba(0, 0, 0, 0.18);
    font: 14px/1.45 var(--weft-font);
  }
  .card:focus { outline: none; }
  .card:focus-visible { outline: 2px solid var(--weft-focus); }
  h2 { font-size: 16.8px; margin: 0 25.6px 2.4px 0; line-height: 1.3; overflow-wrap: anywhere; }
  .close {
    position: absolute; top: 7.2px; right: 8px; border: 0; background: transparent;
    color: var(--weft-muted); font-size: 17.6px; cursor: pointer; padding: 1.6px 5.6px; border-radius: 4px;
  }
  .stats { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; margin: 9.6px 0; }
  .stat { background: var(--weft-chip); border-radius: 6px; padding: 5.6px 8px; }
  .stat b { display: block; font-size: 17.6px; font-variant-numeric: tabular-nums; }
  .stat span { font-size: 12px; color: var(--weft-muted); }
  dl { margin: 6.4px 0; display: grid; grid-template-columns: auto 1fr; gap: 3.2px 9.6px; font-size: 13.6px; }
  dt { color: var(--weft-muted); }
  dd { margin: 0; overflow-wrap: anywhere; }
  .links { display: flex; flex-wrap: wrap; gap: 6.4px 14.4px; margin-top: 8px; font-size: 13.6px; }
  a { color: var(--weft-link); }
  .source { margin-top: 8.8px; font-size: 12px; color: var(--weft-muted); }
  .note { color: var(--weft-muted); font-size: 13.6px; margin: 6.4px 0; }
  .actions { display: flex; gap: 8px; margin-top: 9.6px; }
  .action {
    font: inherit; font-size: 13.6px; padding: 4px 11.2px; border-radius: 6px; cursor: pointer;
    border: 1px solid var(--weft-border); background: var(--weft-chip); color: var(--weft-fg);
  }
  .both { width: 100%; border-collapse: collapse; font-size: 13.6px; margin: 4.8px 0; font-variant-numeric: tabular-nums; }
  .both th, .both td { text-align: right; padding: 1.6px 4.8px; }
  .both th:first-child, .both td:first-child { text-align: left; color: var(--weft-muted); font-weight: 400; }
  .match { font-size: 12.8px; margin: 3.2px 0; color: var(--weft-muted); }
  .match.guess { color: var(--weft-error); }
  .identity-actions .actions { flex-wrap: wrap; }
  .candidates { list-style: none; margin: 6.4px 0; padding: 0; max-height: 224px; overflow: auto; }
  .candidate {
    display: block; width: 100%; text-align: left; font: inherit; font-size: 13.6px; margin: 0 0 4.8px;
    padding: 5.6px 8px; border: 1px solid var(--weft-border); border-radius: 6px;
    background: var(--weft-bg); color: var(--weft-fg); cursor: pointer;
  }
  .candidate:hover { border-color: var(--weft-accent); }
  .candidate .facts, .candidate .why { display: block; color: var(--weft-muted); font-size: 12.8px; }
  .everywhere { display: block; font-size: 12.8px; margin: 4.8px 0; }
  ${SR_ONLY}
`;

/** The progress line of a long listing (listing-badges.tsx). */
export const progressCss = `${tokens}
  :host { position: fixed !important; right: 12px !important; bottom: 12px !important; z-index: 2147482000 !important; }
  .line {
    display: flex; align-items: center; gap: 6.4px; padding: 3.2px 4.8px 3.2px 11.2px;
    border: 1px solid var(--weft-border); border-radius: 999px; background: var(--weft-bg); color: var(--weft-muted);
    font: 12px/1.4 var(--weft-font); font-variant-numeric: tabular-nums;
    box-shadow: 0 2px 8px rgba(0, 0, 0, 0.12);
  }
  button {
    border: 0; background: transparent; color: var(--weft-muted); cursor: pointer; font-size: 14px; line-height: 1;
    padding: 1.6px 5.6px; border-radius: 999px;
  }
`;

/** The "Weft paused on this page" line: the progress line's look, at the other corner (both may show). */
export const pausedCss = `${progressCss}
  :host { left: 12px !important; right: auto !important; }
  .line { border-radius: 12px; max-width: 440px; color: var(--weft-fg); }
`;

/**
 * A listing entry's "Published in" label (lib/page/listing-published.tsx), under its authors: a
 * small chip with its own background, legible whatever the page's and the system's themes; its
 * link 24 px tall, the least a pointer target may be (WCAG 2.2, 2.5.8).
 */
export const publishedCss = `${tokens}
  :host { display: block !important; margin: 0.15em 0 !important; }
  p {
    display: inline-block; margin: 0; padding: 0 0.5em; border-radius: 4px; overflow-wrap: anywhere;
    background: var(--weft-chip); color: var(--weft-chip-fg); font: 0.85em/24px var(--weft-font);
  }
  a { display: inline-block; color: var(--weft-link); }
  ${SR_ONLY}
`;
