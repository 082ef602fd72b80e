// The docs as a product: the bot.yaml reference is generated from the schemas and must match them, and every
// link between the README and the docs lands on a file and a heading that exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceDir, renderReference } from '../scripts/docs-reference.ts';
import { projectRoot } from '../src/paths.ts';

describe('docs/reference', () => {
  it('is what `npm run docs:reference` writes from the schemas (a key added to a schema needs its meaning)', () => {
    for (const [file, text] of renderReference()) {
      const path = join(referenceDir, file);
      expect(existsSync(path), `docs/reference/${file} is missing: run npm run docs:reference`).toBe(true);
      expect(readFileSync(path, 'utf8'), `docs/reference/${file} is stale: run npm run docs:reference`).toBe(text);
    }
  });
});

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

/** GitHub's anchor for a heading. */
export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) anchors.add(slugOf(line.replace(/^#+ /, '')));
  }
  return anchors;
}

/** The relative links of a markdown text, outside code. */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/.test(t));
}

describe('links in README.md and docs/', () => {
  const files = [join(projectRoot, 'README.md'), ...markdownFiles(join(projectRoot, 'docs'))];

  it.each(files.map((f) => [relative(projectRoot, f), f]))('%s links to files and headings that exist', (_name, file) => {
    const broken: string[] = [];
    for (const link of linksOf(readFileSync(file, 'utf8'))) {
      const [path, anchor] = link.split('#');
      const target = path ? join(dirname(file), decodeURIComponent(path)) : file;
      if (!existsSync(target)) broken.push(`${link}: no such file`);
      else if (anchor && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor)) broken.push(`${link}: no such heading`);
    }
    expect(broken).toEqual([]);
  });
});
