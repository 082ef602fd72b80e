import { describe, expect, it, vi } from 'vitest';
import { botConfigSchema } from '../bot/config.ts';
import type { Database } from '../store/index.ts';
import { BotRegistry } from './registry.ts';

const withTable = (id: string) =>
  botConfigSchema.parse({
    id,
    language: 'es',
    understanding: { fallback: 'otro' },
    intents: { otro: { label: 'Otro' } },
    tables: { listings: { dir: 'data', sources: [{ file: 'listings.csv', columns: { title: { from: 'TITLE' } } }] } },
  });

describe('BotRegistry', () => {
  it('refuses a second bot declaring a table another bot already declared, naming both, before touching the store', async () => {
    // The store is never reached: the claim is checked first.
    const registry = new BotRegistry({ db: {} as Database, env: {}, log: () => {} });
    const claim = (id: string) => (registry as unknown as { claimTables(c: ReturnType<typeof withTable>): void }).claimTables(withTable(id));
    claim('inmobiliaria');
    claim('inmobiliaria'); // the same bot loaded again keeps its own table
    await expect(registry.load({ config: withTable('otra'), definition: { specialists: {} }, dir: '/nowhere' })).rejects.toThrow(
      /bot 'otra': table 'listings' .* already bot 'inmobiliaria''s.*otra_listings/,
    );
  });

  it("refuses a table named like one of the runtime's own (sessions, users…), whose rows it would read and write", async () => {
    const registry = new BotRegistry({ db: {} as Database, env: {}, log: () => {} });
    const named = (table: string) => botConfigSchema.parse({ ...withTable('crm'), tables: {}, records: { [table]: { columns: { name: 'text' } } } });
    for (const table of ['sessions', 'users', 'messages', 'channel_deliveries']) {
      await expect(registry.load({ config: named(table), definition: { specialists: {} }, dir: '/nowhere' })).rejects.toThrow(
        new RegExp(`bot 'crm': table '${table}' .* one of the runtime's own tables`),
      );
    }
  });

  it("refuses a bot whose refine rules name a predicate its code does not give, before touching the store", async () => {
    const registry = new BotRegistry({ db: {} as Database, env: {}, log: () => {} });
    const config = botConfigSchema.parse({
      id: 'tienda',
      language: 'es',
      understanding: { fallback: 'otro', refine: [{ when: { check: 'enStock' }, then: ['otro'] }] },
      intents: { otro: { label: 'Otro' } },
    });
    await expect(registry.load({ config, definition: { specialists: {} }, dir: '/nowhere' })).rejects.toThrow(
      "bot 'tienda': understanding.refine[0].when.check names 'enStock', which the bot's index.ts does not export in predicates",
    );
  });
});

describe('BotRegistry and records', () => {
  it("refuses a record table another bot's tables already hold", async () => {
    const registry = new BotRegistry({ db: {} as Database, env: {}, log: () => {} });
    (registry as unknown as { claimTables(c: ReturnType<typeof withTable>): void }).claimTables(withTable('inmobiliaria'));
    const records = botConfigSchema.parse({ ...withTable('crm'), tables: {}, records: { listings: { columns: { title: 'text' } } } });
    await expect(registry.load({ config: records, definition: { specialists: {} }, dir: '/nowhere' })).rejects.toThrow(/bot 'crm': table 'listings' \(bot.yaml tables: or records:\) is already bot 'inmobiliaria''s/);
  });
});

describe('settings reloads of one bot', () => {
  it('run one at a time, and a notification during one reads again once after it', async () => {
    const registry = new BotRegistry({} as never);
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const read = vi.spyOn(registry as unknown as { readSettings: (id: string) => Promise<void> }, 'readSettings').mockImplementation(async () => {
      most = Math.max(most, ++running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running--;
    });
    const first = registry.reloadSettings('shop');
    const second = registry.reloadSettings('shop');
    const third = registry.reloadSettings('shop');
    expect(read).toHaveBeenCalledTimes(1);
    gates.shift()!();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    gates.shift()!();
    await Promise.all([first, second, third]);
    expect(read).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    // Another bot's reload does not wait for this one.
    void registry.reloadSettings('other');
    expect(read).toHaveBeenCalledTimes(3);
    gates.shift()!();
  });
});
