import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreMigrations, migrate, openDatabase } from './index.ts';
import { installedPgliteVersion, pgliteTemplate, TEMPLATE_STAMP } from './pglite-template.ts';

describe('the shipped empty PGlite cluster', () => {
  it('was made by the installed PGlite (else run `npm run pglite-template`)', () => {
    expect(JSON.parse(readFileSync(TEMPLATE_STAMP, 'utf8')).pglite).toBe(installedPgliteVersion());
    expect(pgliteTemplate()).not.toBeNull();
  });

  it('starts a new data directory that migrates, keeps its rows across a restart and is not reloaded over them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-template-'));
    try {
      const db = await openDatabase({ dataDir: dir });
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
      await migrate(db, coreMigrations);
      await db.query("insert into users (id) values ('ana')");
      await db.close();
      const again = await openDatabase({ dataDir: dir });
      expect(await again.query<{ id: string }>('select id from users')).toEqual([{ id: 'ana' }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
