export * from './types.ts';
export * from './db.ts';
export * from './migrations.ts';
export * from './repos.ts';
export * as tables from './schema.ts';
export { TurnRows } from './turn-rows.ts';
