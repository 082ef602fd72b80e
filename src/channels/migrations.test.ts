import { describe, expect, it } from 'vitest';
import { isRuntimeTable, tablesCreatedBy } from '../store/index.ts';
import { channelMigrations } from './migrations.ts';

describe('channel migrations', () => {
  it("create only tables the store knows as the runtime's own (channel_…), so no bot can declare one", () => {
    const tables = tablesCreatedBy(channelMigrations);
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) expect(isRuntimeTable(table), table).toBe(true);
  });
});
