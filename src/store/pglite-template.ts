// A new PGlite data directory starts from a shipped copy of a just-initialised cluster with the core migrations
// applied, instead of running initdb and then the migrations: initdb in PGlite's WASM Postgres is most of a first
// start (about 2 s of CPU), the first migration (the core tables) about 0.8 s more, and both the same bytes every
// time. The copy (assets/pglite-template.tar.gz, ~2.7 MB: the one database PGlite serves, without initdb's two
// template databases) is made by the same PGlite version that reads it
// (`npm run pglite-template`); when the installed version differs — or the file is missing — a new directory is
// initialised by initdb as before. The migrations it holds are recorded in `_migrations` like any other, so a
// core migration added later, and every bot's, still runs at start-up.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { createRequire } from 'node:module';
import { projectRoot } from '../paths.ts';

export const TEMPLATE_DIR = join(projectRoot, 'src', 'store', 'assets');
export const TEMPLATE_FILE = join(TEMPLATE_DIR, 'pglite-template.tar.gz');
export const TEMPLATE_STAMP = join(TEMPLATE_DIR, 'pglite-template.json');

/** The file whose presence marks a complete cluster (PGlite resumes a directory that has it). */
const MARKER = 'PG_VERSION';

export interface TemplateStamp {
  /** The @electric-sql/pglite version that made the template. */
  pglite: string;
  /** The core migrations applied in it. */
  migrations: string[];
}

/** The installed PGlite version. */
export function installedPgliteVersion(): string {
  // Resolved as the runtime imports it: in a bot author's project the package sits beside switchboard, not in it.
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json')) || (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name !== '@electric-sql/pglite') {
    if (dirname(dir) === dir) throw new Error('@electric-sql/pglite: no package.json');
    dir = dirname(dir);
  }
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const gunzipAsync = promisify(gunzip);

let cached: Buffer | null | undefined;

/** The template's gzipped tar, or null when there is none for the installed PGlite. */
function templateBytes(): Buffer | null {
  if (cached !== undefined) return cached;
  cached = null;
  try {
    if (!existsSync(TEMPLATE_FILE) || !existsSync(TEMPLATE_STAMP)) return null;
    const stamp = JSON.parse(readFileSync(TEMPLATE_STAMP, 'utf8')) as TemplateStamp;
    if (stamp.pglite !== installedPgliteVersion()) return null;
    cached = readFileSync(TEMPLATE_FILE);
  } catch {
    cached = null;
  }
  return cached;
}

/** The template to load into an in-memory cluster (PGlite's `loadDataDir`), or null when there is none. */
export function pgliteTemplate(): Blob | null {
  const bytes = templateBytes();
  return bytes && new Blob([new Uint8Array(bytes)]);
}

/**
 * Write the template into `dataDir` (an on-disk directory without a cluster) with Node's own file system calls;
 * false when there is no template. PGlite's `loadDataDir` writes each file through its emulated file system,
 * which took about 30% of a fresh start's CPU. Decompressing and writing run on libuv's thread pool, so a caller
 * that does not wait at once (start-up loads the server's modules meanwhile) keeps its own thread. The marker file
 * is written last, so an interrupted extraction is redone on the next start.
 */
export async function extractPgliteTemplate(dataDir: string): Promise<boolean> {
  const bytes = templateBytes();
  if (!bytes) return false;
  const files = untar(await gunzipAsync(bytes));
  const root = normalize(dataDir + sep);
  const target = (name: string) => {
    const path = normalize(join(root, name));
    if (!path.startsWith(root)) throw new Error(`the PGlite template has an entry outside its directory: ${name}`);
    return path;
  };
  const marker = files.find((f) => !f.directory && f.name.replace(/^\/+/, '') === MARKER);
  if (!marker) throw new Error(`the PGlite template has no ${MARKER}`);
  const rest = files.filter((f) => !f.directory && f !== marker);
  const dirs = new Set([root, ...files.map((f) => (f.directory ? target(f.name) : dirname(target(f.name))))]);
  for (const dir of dirs) mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A few files at a time: enough to keep the thread pool busy, few open file descriptors.
  const queue = [...rest];
  const writer = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) await writeFile(target(f.name), f.data, { mode: 0o600 });
  };
  await Promise.all(Array.from({ length: 8 }, writer));
  await writeFile(target(MARKER), marker.data, { mode: 0o600 });
  return true;
}

interface TarEntry {
  name: string;
  directory: boolean;
  data: Uint8Array;
}

/** The entries of a ustar archive (regular files and directories; what PGlite's `dumpDataDir` writes). */
export function untar(tar: Uint8Array): TarEntry[] {
  const out: TarEntry[] = [];
  const text = (from: number, length: number) => Buffer.from(tar.subarray(from, from + length)).toString('utf8').replace(/\0.*$/s, '');
  for (let offset = 0; offset + 512 <= tar.length; ) {
    if (tar.subarray(offset, offset + 512).every((b) => b === 0)) break;
    const prefix = text(offset + 345, 155);
    const name = (prefix ? `${prefix}/` : '') + text(offset, 100);
    const size = parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(tar[offset + 156]);
    const start = offset + 512;
    if (type === '5') out.push({ name, directory: true, data: new Uint8Array() });
    else if (type === '0' || type === '\0') out.push({ name, directory: false, data: tar.subarray(start, start + size) });
    else throw new Error(`unsupported entry type '${type}' in the PGlite template (${name})`);
    offset = start + Math.ceil(size / 512) * 512;
  }
  return out;
}
