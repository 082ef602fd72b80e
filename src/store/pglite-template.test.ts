import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreMigrations, migrate, openDatabase } from './index.ts';
import { installedPgliteVersion, pgliteTemplate, TEMPLATE_STAMP, untar, type TemplateStamp } from './pglite-template.ts';

describe('the shipped PGlite cluster', () => {
  it('was made by the installed PGlite with the current core migrations (else run `npm run pglite-template`)', () => {
    const stamp = JSON.parse(readFileSync(TEMPLATE_STAMP, 'utf8')) as TemplateStamp;
    expect(stamp.pglite).toBe(installedPgliteVersion());
    expect(stamp.migrations).toEqual(coreMigrations.map((m) => m.id));
    expect(pgliteTemplate()).not.toBeNull();
  });

  it('reads ustar entries, long names (prefix field) included', () => {
    const header = (name: string, prefix: string, type: string, size: number) => {
      const h = Buffer.alloc(512);
      h.write(name, 0);
      h.write(size.toString(8).padStart(11, '0'), 124);
      h.write(type, 156);
      h.write('ustar', 257);
      h.write(prefix, 345);
      return h;
    };
    const body = Buffer.alloc(512);
    body.write('17');
    const tar = Buffer.concat([header('/base', '', '5', 0), header('PG_VERSION', '/a/long/prefix', '0', 2), body, Buffer.alloc(1024)]);
    expect(untar(tar).map((e) => ({ ...e, data: Buffer.from(e.data).toString() }))).toEqual([
      { name: '/base', directory: true, data: '' },
      { name: '/a/long/prefix/PG_VERSION', directory: false, data: '17' },
    ]);
  });

  it('starts a new data directory with the core tables, keeps its rows across a restart and is not reloaded over them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-template-'));
    try {
      const db = await openDatabase({ dataDir: dir });
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
      expect(await migrate(db, coreMigrations)).toEqual([]);
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
