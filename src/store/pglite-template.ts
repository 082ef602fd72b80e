// A new PGlite data directory starts from a shipped copy of an empty, just-initialised cluster instead of
// running initdb: initdb in PGlite's WASM Postgres is most of a first start (about 2 s of CPU) and the same
// bytes every time. The copy (assets/pglite-empty.tar.gz, ~4.5 MB) is made by the same PGlite version that
// reads it (`npm run pglite-template`); when the installed version differs — or the file is missing — a
// new directory is initialised by initdb as before. Only the empty cluster is shipped: migrations still run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths.ts';

export const TEMPLATE_DIR = join(projectRoot, 'src', 'store', 'assets');
export const TEMPLATE_FILE = join(TEMPLATE_DIR, 'pglite-empty.tar.gz');
export const TEMPLATE_STAMP = join(TEMPLATE_DIR, 'pglite-empty.json');

export interface TemplateStamp {
  /** The @electric-sql/pglite version that made the template. */
  pglite: string;
}

/** The installed PGlite version. */
export function installedPgliteVersion(): string {
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

let cached: Blob | null | undefined;

/** The template to load into a new data directory, or null when there is none for the installed PGlite. */
export function pgliteTemplate(): Blob | null {
  if (cached !== undefined) return cached;
  cached = null;
  try {
    if (!existsSync(TEMPLATE_FILE) || !existsSync(TEMPLATE_STAMP)) return null;
    const stamp = JSON.parse(readFileSync(TEMPLATE_STAMP, 'utf8')) as TemplateStamp;
    if (stamp.pglite !== installedPgliteVersion()) return null;
    cached = new Blob([readFileSync(TEMPLATE_FILE)]);
  } catch {
    cached = null;
  }
  return cached;
}
