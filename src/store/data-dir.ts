// PGlite's data directory, checked before PGlite opens it: a directory it cannot create or write fails with
// a message naming the directory and the problem, not PGlite's "failed to initialize properly".
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const WHY: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOTDIR: 'a file stands where a directory should be',
  ENOSPC: 'no space left on the device',
  EEXIST: 'a file of that name exists',
};

/** Create `dir` if needed and prove it writable (a probe file written and removed), or throw a clear error. */
export function ensureWritableDataDir(dir: string): void {
  const fail = (what: string, err: unknown): never => {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new Error(`DATA_DIR ${dir} ${what} (${code}: ${WHY[code] ?? (err as Error).message}): the embedded database keeps its files there; point DATA_DIR at a writable directory, or set DATABASE_URL`);
  };
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    fail('cannot be created', err);
  }
  const probe = join(dir, `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (err) {
    fail('is not writable', err);
  }
}
