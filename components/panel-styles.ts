/**
 * The paper panels' shadow-root styles: quiet like arXiv's own sidebar (its font and size are
 * inherited; small bold headings, muted details), light and dark through the shared tokens.
 */
import { tokens } from './styles';

export const panelCss = `${tokens}
  :host { display: block !important; }
  .group {
    margin: 1em 0; padding: 0.5em 0.6em; border-radius: 6px;
    border: 1px solid var(--weft-border); background: var(--weft-bg); color: var(--weft-fg);
    line-height: 1.4;
  }
  [hidden] { display: none !important; }
  .panel + .panel { margin-top: 0.55em; padding-top: 0.45em; border-top: 1px solid var(--weft-border); }
  h2 { margin: 0; font-size: 1em; font-weight: 700; }
  button { font: inherit; color: inherit; cursor: pointer; }
  .toggle {
    display: flex; align-items: baseline; gap: 0.35em; width: 100%; padding: 0; border: 0;
    background: none; text-align: left; font-weight: 700;
  }
  .toggle::before { content: "▾"; width: 0.8em; color: var(--weft-muted); font-weight: 400; }
  .toggle[aria-expanded="false"]::before { content: "▸"; }
  .summary { margin-left: auto; font-weight: 400; color: var(--weft-muted); font-variant-numeric: tabular-nums; }
  .body { margin: 0.3em 0 0 1.15em; font-size: 0.92em; }
  p { margin: 0.25em 0; }
  .note, .source, .meta, .cc, .by { color: var(--weft-muted); }
  .source { font-size: 0.85em; margin-top: 0.4em; }
  .error { color: var(--weft-error); }
  .loading { color: var(--weft-muted); animation: weft-pulse 1.2s ease-in-out infinite; }
  .figure b { font-size: 1.3em; font-variant-numeric: tabular-nums; }
  a { color: var(--weft-link); text-decoration: none; overflow-wrap: anywhere; }
  a:hover { text-decoration: underline; }
  ul, ol { margin: 0.25em 0; padding: 0; }
  .links { list-style: none; display: flex; flex-wrap: wrap; gap: 0.15em 0.9em; }
  .related { padding-left: 1.3em; }
  .related li { margin: 0.35em 0; overflow-wrap: anywhere; }
  .meta { display: block; font-size: 0.9em; }
  .insts { list-style: none; }
  .insts > li {
    display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 0.5em;
    margin: 0 -0.3em; padding: 0.15em 0.3em; border-radius: 4px;
  }
  .name { flex: 1 1 8em; min-width: 0; }
  .insts > li:hover, .insts > li:focus-within { background: var(--weft-chip); }
  .cc { font-size: 0.85em; margin-left: 0.35em; }
  .who-list { flex-basis: 100%; margin: 0.15em 0 0.25em 1em; list-style: disc; color: var(--weft-muted); }
  .link { padding: 0; border: 0; background: none; color: var(--weft-link); font-size: 0.9em; }
  .who { margin-left: auto; white-space: nowrap; min-height: 24px; }
  .retry {
    margin-top: 0.2em; padding: 0.1em 0.7em; border: 1px solid var(--weft-border); border-radius: 4px;
    background: var(--weft-chip); color: var(--weft-fg);
  }
  :focus-visible { border-radius: 2px; }
`;

/**
 * The panels' frame on an HTML view (PanelDock). Its box in the shadow root is placed by the
 * page code (lib/page/features/panel-dock.ts): beside the text column and as tall as it, in which
 * the dock sticks under arXiv's header (--weft-dock-top); or fixed at the window's right edge.
 */
export const dockCss = `
  .dock { font: 14px/1.4 var(--weft-font); color: var(--weft-fg); }
  .column { position: sticky; top: var(--weft-dock-top); max-height: calc(100vh - var(--weft-dock-top) - 12px); overflow-y: auto; }
  .column .group { margin: 0.4em 0 0; }
  .column .tab::after { content: " · hide"; }
  .column .tab[aria-expanded="false"]::after { content: " · show"; }
  .tab { font: inherit; font-size: 0.8em; cursor: pointer; color: var(--weft-muted); border: 1px solid var(--weft-border); border-radius: 999px; background: var(--weft-bg); padding: 0.1em 0.7em; }
  .drawer .tab { position: fixed; top: var(--weft-dock-top); right: 0; width: 32px; padding: 0.7em 0; border-radius: 6px 0 0 6px; writing-mode: vertical-rl; color: var(--weft-fg); }
  .drawer .panels { position: fixed; top: var(--weft-dock-top); right: 32px; bottom: 12px; width: min(352px, calc(100vw - 48px)); overflow-y: auto; box-shadow: 0 8px 24px #0004; }
  .drawer .group { margin: 0; min-height: 100%; box-sizing: border-box; }
`;
