// Writes the Saleor fixture of a compact catalogue YAML beside it (populatedb_data.json), the data the local Saleor
// server loads: `npx tsx scripts/saleor-fixture.ts bots/fashion-vn/catalogue/catalogue.yaml`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { buildSaleorFixture, type CompactCatalogue } from '../src/saleor/fixture.ts';

const source = process.argv[2];
if (!source) {
  console.error('usage: tsx scripts/saleor-fixture.ts <catalogue.yaml>');
  process.exit(2);
}
const rows = buildSaleorFixture(parse(readFileSync(source, 'utf8')) as CompactCatalogue);
const out = join(dirname(source), 'populatedb_data.json');
writeFileSync(out, `${JSON.stringify(rows, null, 0).replace(/\},\{"model"/g, '},\n{"model"')}\n`);
console.log(`${out}: ${rows.filter((r) => r.model === 'product.product').length} products, ${rows.length} rows`);
