// Where the Saleor reference files live: `../shared/saleor/` next to the repository root,
// overridable with SALEOR_SCHEMA and SALEOR_DATA.
import { resolve } from 'node:path';
import { projectRoot as repoRoot } from '../paths.ts';

export function defaultSchemaFile(): string {
  return process.env.SALEOR_SCHEMA || resolve(repoRoot, '../shared/saleor/schema.graphql');
}

export function defaultDataFile(): string {
  return process.env.SALEOR_DATA || resolve(repoRoot, '../shared/saleor/populatedb_data.json');
}
