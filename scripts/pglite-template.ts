// npm run pglite-template — writes src/store/assets/pglite-template.tar.gz: a PGlite cluster just after initdb with
// the core migrations applied, which new data directories start from (src/store/pglite-template.ts). Run it after
// upgrading @electric-sql/pglite or adding a core migration (the store tests say so).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { coreMigrations, migrate, openDatabase } from '../src/store/index.ts';
import { installedPgliteVersion, TEMPLATE_DIR, TEMPLATE_FILE, TEMPLATE_STAMP, type TemplateStamp } from '../src/store/pglite-template.ts';

const dir = mkdtempSync(join(tmpdir(), 'switchboard-pglite-template-'));
try {
  const db = await openDatabase({ dataDir: dir, empty: true });
  const migrations = await migrate(db, coreMigrations);
  await db.close();
  const pg = new PGlite(dir);
  await pg.waitReady;
  // PGlite serves one database ('postgres'); initdb's two template databases are only copied by CREATE DATABASE,
  // which an embedded store never runs, and they are 600 of the cluster's ~1,000 files: every new data directory
  // writes each file, and creating a file is what costs (far more than its bytes).
  await pg.exec("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
  await pg.exec('drop database template0');
  await pg.exec('drop database template1');
  await pg.exec('checkpoint');
  const dump = await pg.dumpDataDir('gzip');
  await pg.close();
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  const stamp: TemplateStamp = { pglite: installedPgliteVersion(), migrations };
  writeFileSync(TEMPLATE_STAMP, `${JSON.stringify(stamp, null, 2)}\n`);
  console.log(`wrote src/store/assets/pglite-template.tar.gz (${dump.size} bytes, PGlite ${stamp.pglite}, core migrations ${migrations.join(', ')})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
