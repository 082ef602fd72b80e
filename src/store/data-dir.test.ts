// A data directory PGlite cannot use fails at start with a message that names the directory and the problem,
// instead of PGlite's "failed to initialize properly".
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db.ts';

const root = mkdtempSync(join(tmpdir(), 'sb-datadir-'));
afterAll(() => {
  if (existsSync(join(root, 'ro'))) chmodSync(join(root, 'ro'), 0o755);
  rmSync(root, { recursive: true, force: true });
});

describe('DATA_DIR that cannot be used', () => {
  it('names a directory that cannot be created (a file stands in its path)', async () => {
    writeFileSync(join(root, 'file'), 'x');
    const dir = join(root, 'file', 'data');
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(new RegExp(`DATA_DIR ${dir.replace(/[/\\]/g, '.')} cannot be created.*ENOTDIR`));
  });

  // root writes through a directory's permissions: the check is the same, only its trigger needs a plain user.
  it.skipIf(process.getuid?.() === 0)('names a directory that is not writable', async () => {
    const dir = join(root, 'ro');
    mkdirSync(dir);
    chmodSync(dir, 0o555);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/DATA_DIR .*ro is not writable/);
  });

  it('names it on the worker path too', async () => {
    const dir = join(root, 'file', 'other');
    await expect(openDatabase({ dataDir: dir, worker: true })).rejects.toThrow(/DATA_DIR .* cannot be created/);
  });
});
