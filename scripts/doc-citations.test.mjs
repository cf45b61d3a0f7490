// Comments cite the docs by file and section ("docs/identity.md, Cost"): each cited document
// exists and has a section (a heading, or a list item's lead) the citation names, so a renamed or removed section is found here,
// not by a reader following a dead reference (CONTRIBUTING.md, Rules the checks hold you to).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = ['lib', 'components', 'entrypoints', 'scripts', 'bench', 'e2e', 'faults'];

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'artifacts', 'screenshots'].includes(entry.name)) yield* files(full);
    } else if (/\.(ts|tsx|mjs)$/.test(entry.name)) yield full;
  }
}

const headings = new Map();
function headingsOf(doc) {
  if (!headings.has(doc)) {
    const file = path.join(ROOT, 'docs', doc);
    // A section is a heading, or a list item's or paragraph's lead ("- Strings: …", "**Storage exposure.**").
    const lead = /^(?:#{1,6} +(.+)|- \*\*([^*]+?)\.?\*\*|- ([A-Z][^:\n]{0,60}):|\*\*([^*]+?)\.?\*\*)/gm;
    headings.set(doc, fs.existsSync(file) ? [...fs.readFileSync(file, 'utf8').matchAll(lead)].map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4]).trim().toLowerCase()) : null);
  }
  return headings.get(doc);
}

/** The section a citation names: the quoted text, else the words up to the end of the phrase. */
const CITATION = /docs\/([a-z0-9-]+\.md)(?:,? *(?:"([^"]+)"|§ *([\w.-]+)|([A-Z][^.;:)\]`*\n]*)))?/g;
const clean = (s) => s.replace(/\s*\n\s*(\*|\/\/)\s*/g, ' ').trim().toLowerCase();

/** Whether `text` names a heading of `list` (or starts with one, "User data and Settings sync"). */
const names = (list, text) => list.some((h) => text.startsWith(h) || h.startsWith(text));

describe('citations of docs/ in code comments', () => {
  const found = [];
  for (const dir of SOURCES) {
    for (const file of files(path.join(ROOT, dir))) {
      const text = fs.readFileSync(file, 'utf8').replace(/\n\s*(\*|\/\/) */g, ' ');
      for (const m of text.matchAll(CITATION)) found.push({ file: path.relative(ROOT, file), doc: m[1], section: m[2] ?? m[3] ?? m[4] ?? null, numbered: !!m[3] });
    }
  }

  it('name documents that exist', () => {
    expect(found.length).toBeGreaterThan(50);
    expect(found.filter((c) => !headingsOf(c.doc)).map((c) => `${c.file}: docs/${c.doc}`)).toEqual([]);
  });

  it('name sections those documents have', () => {
    const dead = found.filter((c) => c.section && headingsOf(c.doc) && (c.numbered || !names(headingsOf(c.doc), clean(c.section))));
    expect(dead.map((c) => `${c.file}: docs/${c.doc}, ${c.section}`)).toEqual([]);
  });
});
