// The move of the students' profiles from the bot's old table into the runtime's: nothing stored is lost.
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { readBotConfig } from 'switchboard';
import { coreMigrations, readProfile } from 'switchboard/testing';
import { migrations } from './schema.ts';

describe('cloudinha migrations', () => {
  it('moves the profiles of a database that had user_profiles into the core profiles table, then drops the old table', async () => {
    const pg = new PGlite();
    const sql = { query: async <T,>(text: string, params?: unknown[]) => (await pg.query<T>(text, params)).rows };
    const move = migrations.find((m) => m.id === 'cloudinha-005-profiles-to-core')!;
    for (const m of [...coreMigrations, ...migrations.filter((m) => m !== move)]) await pg.exec(m.sql);
    await pg.query("insert into user_profiles (user_id, name, age, state, enem_score, onboarding_completed, active_workflow) values ('ana', 'Ana', 17, 'PE', 700.5, true, 'match_workflow')");
    await pg.exec(move.sql);
    const config = readBotConfig(import.meta.dirname);
    const { profile } = await readProfile(sql, 'cloudinha', config.profile!, 'ana');
    expect(profile).toMatchObject({ name: 'Ana', age: 17, state: 'PE', enem_score: 700.5, onboarding_completed: true, city: null });
    expect(profile).not.toHaveProperty('active_workflow');
    expect(await pg.query("select to_regclass('user_profiles') as t")).toMatchObject({ rows: [{ t: null }] });
  });
});
