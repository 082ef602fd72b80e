// Profiles: values checked against bot.yaml `profile:` before they are stored, one document per bot and customer,
// and a form whose slots come from and go to the profile, across conversations, over HTTP.
import { PGlite } from '@electric-sql/pglite';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userToken, type TestServer } from '../../test/support/server.ts';
import { coreMigrations, type Sql } from '../store/index.ts';
import { checkProfileUpdates } from './fields.ts';
import { profileSchema } from './schema.ts';
import { profileSubject, readProfile, writeProfile } from './store.ts';

const config = profileSchema.parse({
  fields: {
    name: { kind: 'text', max: 40 },
    age: { kind: 'number', min: 5, max: 120, integer: true },
    score: { kind: 'number', min: 0, max: 1000 },
    state: { kind: 'state' },
    level: { kind: 'text', options: ['basic', 'advanced'] },
    done: { kind: 'boolean' },
  },
});
const gazetteers = [{ type: 'state', values: { PE: ['Pernambuco'], SP: ['São Paulo'] } }];
const check = (updates: Record<string, unknown>) => checkProfileUpdates(config, gazetteers, updates);

describe('checkProfileUpdates', () => {
  it('coerces each value to its field: numbers from text, gazetteer values by name or synonym, options in their spelling', () => {
    expect(check({ age: '17', score: '700,5', state: 'sao paulo', level: 'ADVANCED', done: true })).toEqual({
      values: { age: 17, score: 700.5, state: 'SP', level: 'advanced', done: true },
      rejected: [],
    });
    expect(check({ state: 'pe' }).values).toEqual({ state: 'PE' });
  });

  it('refuses undeclared keys and values that do not fit, and keeps the rest', () => {
    const r = check({ name: "Robert'); DROP TABLE profiles; --", is_admin: true, age: -3, score: 1200, level: 'expert', done: 'yes', state: 'Texas' });
    expect(r.values).toEqual({ name: "Robert'); DROP TABLE profiles; --" });
    expect(r.rejected.sort()).toEqual(['age', 'done', 'is_admin', 'level', 'score', 'state']);
    expect(check({ age: 17.5 }).rejected).toEqual(['age']);
    expect(check({ name: 'x'.repeat(41) }).rejected).toEqual(['name']);
    expect(check({ name: '   ' }).rejected).toEqual(['name']);
    expect(check({ constructor: 'x', toString: 'y' }).rejected).toEqual(['constructor', 'toString']);
  });

  it('keeps null (clears a field), tidies text and skips undefined', () => {
    expect(check({ name: ' Ana \n Souza\u0000', age: null, level: undefined })).toEqual({ values: { name: 'Ana Souza', age: null }, rejected: [] });
  });
});

describe('the profiles table', () => {
  let sql: Sql;
  beforeAll(async () => {
    const pg = new PGlite();
    for (const m of coreMigrations) await pg.exec(m.sql);
    sql = { query: async <T,>(text: string, params?: unknown[]) => (await pg.query<T>(text, params)).rows };
  });

  it('reads every declared field (null when unknown), merges writes field by field, clears with null', async () => {
    expect(await readProfile(sql, 'club', config, 'ana')).toEqual({ profile: { name: null, age: null, score: null, state: null, level: null, done: null }, stored: false });
    await writeProfile(sql, 'club', 'ana', { name: 'Ana', age: 17 });
    await writeProfile(sql, 'club', 'ana', { score: 700.5, age: null });
    expect(await readProfile(sql, 'club', config, 'ana')).toEqual({ profile: { name: 'Ana', age: null, score: 700.5, state: null, level: null, done: null }, stored: true });
  });

  it('keeps each bot and customer apart, and values as data, never SQL', async () => {
    await writeProfile(sql, 'club', 'bia', { name: "x'); drop table profiles; --" });
    await writeProfile(sql, 'other-bot', 'bia', { name: 'Bia' });
    expect((await readProfile(sql, 'club', config, 'bia')).profile.name).toBe("x'); drop table profiles; --");
    expect((await readProfile(sql, 'other-bot', config, 'bia')).profile.name).toBe('Bia');
    expect((await readProfile(sql, 'club', config, 'carla')).stored).toBe(false);
  });

  it('belongs to the verified user, else to the conversation (a bare claim is no one)', () => {
    expect(profileSubject({ id: 's1', userId: 'u1', userVerified: true })).toBe('u1');
    expect(profileSubject({ id: 's1', userId: null, userVerified: false })).toBe('s1');
    expect(profileSubject({ id: 's1', userId: 'u1', userVerified: false })).toBe('s1');
  });
});

describe('a form kept in the profile (bot.yaml only)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ botsDir: resolve(import.meta.dirname, '../../test/fixtures/form-bots'), only: ['club'] });
  }, 60_000);
  afterAll(() => server?.close());

  const stored = async (userId: string) => (await server.db.query<{ data: Record<string, unknown> }>("select data from profiles where bot = 'club' and subject = $1", [userId]))[0]?.data;

  it('saves each answer at once, marks the profile complete, and fills the same form from it in a new conversation', async () => {
    const noor = { userId: 'noor', userToken: await userToken('noor') };
    const first = await server.chat('club', { message: 'I want to join the club', ...noor });
    expect(first.reply).toBe('What is your name?');
    const s = { sessionId: first.sessionId, sessionToken: first.sessionToken, ...noor };
    expect((await server.chat('club', { message: 'my name is Noor', ...s })).reply).toBe('How old are you?');
    expect(await stored('noor')).toEqual({ name: 'Noor' });
    // A value outside the field's range is asked again and not stored.
    expect((await server.chat('club', { message: '300', ...s })).reply).toBe('How old are you?');
    expect((await server.chat('club', { message: '34', ...s })).reply).toBe('Which level: beginner or advanced?');
    expect(await stored('noor')).toEqual({ name: 'Noor', age: 34 });
    expect((await server.chat('club', { message: 'advanced', ...s })).reply).toBe('Welcome to the club, Noor!');
    expect(await stored('noor')).toEqual({ name: 'Noor', age: 34, level: 'advanced', member: true });

    // Another conversation of the same user: the profile already holds every slot, so the form completes at once.
    const again = await server.chat('club', { message: 'I want to join the club', ...noor });
    expect(again.sessionId).not.toBe(first.sessionId);
    expect(again.reply).toBe('Welcome to the club, Noor!');
  });

  it("reads nothing of a user's profile for a bare userId claiming that user, and writes nothing into it", async () => {
    await server.chat('club', { message: 'I want to join the club', userId: 'lina', userToken: await userToken('lina') }).then((r) =>
      server.chat('club', { message: 'my name is Lina', sessionId: r.sessionId, sessionToken: r.sessionToken }),
    );
    expect(await stored('lina')).toEqual({ name: 'Lina' });
    const claimed = await server.chat('club', { message: 'I want to join the club', userId: 'lina' });
    expect(claimed.reply).toBe('What is your name?');
    await server.chat('club', { message: 'my name is Mallory', sessionId: claimed.sessionId, sessionToken: claimed.sessionToken, userId: 'lina' });
    expect(await stored('lina')).toEqual({ name: 'Lina' });
    expect(await stored(claimed.sessionId)).toEqual({ name: 'Mallory' });
  });
});
