// The shell commands a page shows: every line of its ```sh blocks, in order, without trailing comments.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/paths.ts';

export function shellCommands(page: string): string[] {
  const text = readFileSync(join(projectRoot, page), 'utf8');
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((m) => m[1].split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line && !line.startsWith('#'));
}

/** A code span that is a command: optional `VAR=value` assignments, then npm, npx or node. */
const COMMAND = /^(?:[A-Z_]+=\S+\s+)*(?:npm|npx|node)\s/;

/**
 * The commands a page names in its prose, in inline code outside fenced blocks (`npm test`, `SWITCHBOARD_BOTS_DIR=examples
 * npm start`), each part of an `&&` chain on its own, once each, in order.
 */
export function inlineCommands(page: string): string[] {
  const prose = readFileSync(join(projectRoot, page), 'utf8').replace(/```[\s\S]*?```/g, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1].trim());
  return [...new Set(spans.filter((s) => COMMAND.test(s)).flatMap((s) => s.split('&&').map((part) => part.trim())))];
}
