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
