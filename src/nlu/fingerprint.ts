// A hash of the local-understanding code itself, so a cached classifier is used only by the code that
// trained it: any change under src/nlu (features, normalisation, training) gives another fingerprint.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sourcePath } from '../paths.ts';

let cached: string | null | undefined;

/** sha256 of src/nlu's sources (tests left out), or null when they cannot be read (then nothing is cached). */
export function nluFingerprint(): string | null {
  if (cached === undefined) cached = sourceFingerprint(dirname(sourcePath(import.meta.url)), (name) => name.endsWith('.ts'));
  return cached;
}

/** sha256 of the files under `dir` that `include` names (tests left out), or null when they cannot be read. */
export function sourceFingerprint(dir: string, include: (fileName: string) => boolean): string | null {
  try {
    const hash = createHash('sha256');
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (include(entry.name) && !entry.name.endsWith('.test.ts')) hash.update(entry.name).update(readFileSync(path));
      }
    };
    walk(dir);
    return hash.digest('hex');
  } catch {
    return null;
  }
}
