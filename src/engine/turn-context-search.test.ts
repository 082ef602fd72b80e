// ctx.search: a bot.yaml search run as a tool, its events named by the search's `tool:`.
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { searchesSchema } from '../catalogue/table-search-schema.ts';
import type { TurnEvent } from './types.ts';
import { turnContext, type TurnScope } from './turn-context.ts';
import type { TurnStateValue } from './turn-state.ts';

describe('ctx.search', () => {
  it('runs the search as a tool: tool_start with the parameters, tool_end with the rows', async () => {
    const pg = new PGlite();
    await pg.exec(`create table items (id int, label text); insert into items values (1, 'pen'), (2, 'ink')`);
    const db = { query: async <T,>(text: string, params?: unknown[]) => (await pg.query<T>(text, params)).rows };
    const search = searchesSchema.parse({ items: { table: 'items', tool: 'findItems', columns: { id: 'number', label: 'text' }, filters: { label: { match: 'folded', column: 'label' } } } });
    const events: TurnEvent[] = [];
    const scope = { db, session: { id: 's1', bot: 'shop', userId: null, userVerified: false, secret: 'x', state: {} }, bot: { config: { id: 'shop', search, gazetteers: [], toolLabels: {} } }, emit: (e: TurnEvent) => events.push(e), trace: [], writes: [] } as unknown as TurnScope;
    const state = { understanding: { intents: [], entities: [], language: 'en' }, memory: {}, data: {} } as unknown as TurnStateValue;
    const found = await turnContext(scope, state).search('items', { filters: { label: 'INK' } });
    expect(found).toMatchObject({ rows: [{ id: 2, label: 'ink' }], total: 1, rejected: [] });
    expect(events.map((e) => `${e.type}:${(e as { tool: string }).tool}`)).toEqual(['tool_start:findItems', 'tool_end:findItems']);
    expect(events[0]).toMatchObject({ input: { filters: { label: 'INK' } } });
  });
});
