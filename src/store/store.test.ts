import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreMigrations, migrate, openTestDatabase, testDrivers } from './index.ts';
import * as repo from './repos.ts';
import * as embeddings from './repos-embeddings.ts';

for (const driver of testDrivers()) {
  describe(`store on ${driver}`, () => {
    let db: Awaited<ReturnType<typeof openTestDatabase>>;
    beforeAll(async () => {
      db = await openTestDatabase(driver);
      const ids = ['core-001-conversations', 'core-002-classifier-cache', 'core-003-user-phone', 'core-004-session-identity', 'core-005-moderation-logs', 'core-006-profiles', 'core-007-growth-indexes', 'core-008-settings-audit', 'core-009-example-embeddings', 'core-010-message-parts-and-clicks'];
      // A new PGlite cluster starts from the shipped one, which already holds the core migrations.
      expect(await migrate(db, coreMigrations)).toEqual(driver === 'pglite' ? [] : ids);
      expect((await db.query<{ id: string }>('select id from _migrations order by id')).map((r) => r.id)).toEqual(ids);
    });
    afterAll(async () => db?.drop());

    it('applies migrations once', async () => {
      expect(await migrate(db, coreMigrations)).toEqual([]);
    });

    it('stores sessions and messages in order with their typed fields', async () => {
      const s = await repo.createSession(db, { bot: 'b1', userId: 'u1' });
      expect(s.mode).toBe('bot');
      expect(s.secret.length).toBeGreaterThan(10);
      const m1 = await repo.insertMessage(db, { sessionId: s.id, role: 'user', source: '', content: 'oi', clientMessageId: 'c1' });
      await repo.insertMessage(db, { sessionId: s.id, role: 'assistant', source: 'bot', content: 'olá', intents: ['general'], replyTo: m1.id });
      const msgs = await repo.listMessages(db, s.id);
      expect(msgs.map((m) => m.content)).toEqual(['oi', 'olá']);
      expect(msgs[1].intents).toEqual(['general']);
      expect(msgs[0].createdAt).toBeInstanceOf(Date);
      expect((await repo.findByClientMessageId(db, s.id, 'c1'))?.id).toBe(m1.id);
      expect((await repo.findReplyTo(db, m1.id))?.content).toBe('olá');
      await expect(repo.insertMessage(db, { sessionId: s.id, role: 'user', source: '', content: 'x', clientMessageId: 'c1' })).rejects.toThrow();
    });

    it('rolls a failed transaction back entirely', async () => {
      const s = await repo.createSession(db, { bot: 'b1' });
      await expect(
        db.transaction(async (tx) => {
          await repo.updateSession(tx, s.id, { mode: 'human', state: { a: 1 } });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      const after = await repo.getSession(db, s.id);
      expect(after?.mode).toBe('bot');
      expect(after?.state).toEqual({});
    });

    it('lists sessions with their last message and counts pending ones', async () => {
      const s = await repo.createSession(db, { bot: 'b2' });
      await repo.insertMessage(db, { sessionId: s.id, role: 'user', source: '', content: 'preciso de ajuda' });
      await repo.updateSession(db, s.id, { mode: 'handoff_pending', handoffReason: 'Reclamo', handoffAt: new Date() });
      await repo.insertMessage(db, { sessionId: s.id, role: 'assistant', source: 'bot', content: 'Já chamo alguém.' });
      const list = await repo.listSessionSummaries(db, { bot: 'b2' });
      expect(list[0].lastMessage).toBe('Já chamo alguém.');
      expect(list[0].lastMessageAt).toBeInstanceOf(Date);
      expect(list[0].messageCount).toBe(2);
      const empty = await repo.createSession(db, { bot: 'b2' });
      expect((await repo.listSessionSummaries(db, { bot: 'b2' })).find((x) => x.id === empty.id)).toMatchObject({ lastMessage: null, lastMessageAt: null, messageCount: 0 });
      expect((await repo.listSessions(db, { bot: 'b2', mode: 'handoff_pending' })).map((x) => x.id)).toEqual([s.id]);
      expect(await repo.countPending(db, ['b2'])).toBe(1);
      expect((await repo.listSessions(db, { bot: 'b2', mode: 'bot' })).map((x) => x.id)).toEqual([empty.id]);
    });

    it('opens a turn in one statement: session, history before it, and the message — only for an allowed caller', async () => {
      const s = await repo.createSession(db, { bot: 'b3', userId: 'ana' });
      const turn = (over: Partial<repo.OpenTurn>) => repo.openTurn(db, { sessionId: s.id, bot: 'b3', content: 'oi', authorize: false, historyLimit: 10, ...over });
      const first = await turn({ content: 'primeira' });
      expect(first?.session.id).toBe(s.id);
      expect(first?.history).toEqual([]);
      expect(first?.message).toMatchObject({ role: 'user', content: 'primeira', sessionId: s.id, intents: [] });
      const second = await turn({ content: 'segunda', authorize: true, sessionToken: s.secret });
      expect(second?.history.map((h) => h.content)).toEqual(['primeira']);
      expect((await turn({ content: 'pelo usuário', authorize: true, userId: 'ana' }))?.message?.content).toBe('pelo usuário');
      // Refused: a wrong token, another user, another bot. The session is returned, nothing is stored.
      expect((await turn({ authorize: true, sessionToken: `${s.secret}x` }))?.message).toBeNull();
      expect((await turn({ authorize: true, userId: 'bia' }))?.message).toBeNull();
      expect((await turn({ bot: 'other' }))?.message).toBeNull();
      expect((await repo.listMessages(db, s.id)).map((m) => m.content)).toEqual(['primeira', 'segunda', 'pelo usuário']);
      expect(await turn({ sessionId: 'no-such-session' })).toBeUndefined();
      // A user id that was only claimed when the session began opens it for no one.
      const claimed = await repo.createSession(db, { bot: 'b3', userId: 'ana', userVerified: false });
      expect((await turn({ sessionId: claimed.id, authorize: true, userId: 'ana' }))?.message).toBeNull();
      // While a person has the conversation, a customer message moves it up the inbox.
      const before = (await repo.updateSession(db, s.id, { mode: 'human' })).updatedAt;
      await new Promise((r) => setTimeout(r, 5));
      await turn({ content: 'alguém aí?' });
      expect((await repo.getSession(db, s.id))!.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    });

    it('keeps one cached classifier per bot, as bytes', async () => {
      // Every byte value, and long enough for Postgres' base64 encoding to wrap lines.
      const model = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256);
      await repo.saveClassifier(db, 'b1', 'k1', model);
      expect(await repo.loadClassifier(db, 'b1', 'k1')).toEqual(model);
      await repo.saveClassifier(db, 'b1', 'k2', Uint8Array.from([9]));
      expect(await repo.loadClassifier(db, 'b1', 'k1')).toBeUndefined();
      expect(await repo.loadClassifier(db, 'b1', 'k2')).toEqual(Uint8Array.from([9]));
    });

    it('keeps each model\'s vectors of texts by hash, once', async () => {
      const a = Float32Array.from([0.25, -1.5, 3e-7]);
      await embeddings.saveEmbeddings(db, 'openai:m', new Map([['h1', a], ['h2', Float32Array.from([1, 2, 3])]]));
      await embeddings.saveEmbeddings(db, 'openai:m', new Map([['h1', Float32Array.from([9, 9, 9])]]));
      await embeddings.saveEmbeddings(db, 'ollama:m', new Map([['h1', Float32Array.from([7])]]));
      const got = await embeddings.loadEmbeddings(db, 'openai:m', ['h1', 'h2', 'h3']);
      expect([...got.keys()].sort()).toEqual(['h1', 'h2']);
      expect(got.get('h1')).toEqual(a);
      expect(await embeddings.loadEmbeddings(db, 'ollama:m', ['h1'])).toEqual(new Map([['h1', Float32Array.from([7])]]));
    });

    it('finds a user by phone number, stored as digits, one user per number', async () => {
      expect(await repo.upsertUser(db, { id: 'u-phone', name: 'Ana', phone: '+55 (11) 98765-4321' })).toMatchObject({ phone: '5511987654321' });
      expect((await repo.findUserByPhone(db, '5511987654321'))?.id).toBe('u-phone');
      expect((await repo.findUserByPhone(db, '55 11 98765 4321'))?.id).toBe('u-phone');
      expect(await repo.findUserByPhone(db, '5511900000000')).toBeUndefined();
      expect(await repo.findUserByPhone(db, '---')).toBeUndefined();
      const taken = await repo.upsertUser(db, { id: 'u-other', phone: '5511987654321' }).catch((e) => e);
      expect(repo.isUniqueViolation(taken)).toBe(true);
      expect(await repo.getUser(db, 'u-other')).toBeUndefined();
    });

    it('keeps settings as JSON', async () => {
      await repo.putSetting(db, 'b1', 'handoff', { timeout_minutes: 5 });
      await repo.putSetting(db, 'b1', 'handoff', { timeout_minutes: 7 });
      expect(await repo.getSetting(db, 'b1', 'handoff')).toEqual({ timeout_minutes: 7 });
    });
  });
}
