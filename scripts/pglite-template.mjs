// npm run pglite-template — writes src/store/assets/pglite-empty.tar.gz: an empty PGlite cluster just after
// initdb, which new data directories start from (src/store/pglite-template.ts). Run it after upgrading
// @electric-sql/pglite (the store test that compares versions says so).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'src', 'store', 'assets');
const version = JSON.parse(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version;
const pg = new PGlite();
await pg.waitReady;
await pg.exec('checkpoint');
const dump = await pg.dumpDataDir('gzip');
await pg.close();
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'pglite-empty.tar.gz'), Buffer.from(await dump.arrayBuffer()));
writeFileSync(join(dir, 'pglite-empty.json'), `${JSON.stringify({ pglite: version }, null, 2)}\n`);
console.log(`wrote src/store/assets/pglite-empty.tar.gz (${dump.size} bytes, PGlite ${version})`);
