export * from './types.ts';
export * from './db.ts';
export * from './migrations.ts';
export * from './repos.ts';
export * from './repos-embeddings.ts';
export * as tables from './schema.ts';
export { parseCsv } from './csv.ts';
export { TurnRows, type TurnRowsOptions } from './turn-rows.ts';
export { Retention, retentionPolicyFromEnv, coreRetentionSteps, DEFAULT_RETENTION, type RetentionPolicy, type RetentionStep } from './retention.ts';
