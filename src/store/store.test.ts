import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreMigrations, migrate, openTestDatabase, testDrivers } from './index.ts';
import * as repo from './repos.ts';

for (const driver of testDrivers()) {
  describe(`store on ${driver}`, () => {
    let db: Awaited<ReturnType<typeof openTestDatabase>>;
    beforeAll(async () => {
      db = await openTestDatabase(driver);
      expect(await migrate(db, coreMigrations)).toEqual(['core-001-conversations']);
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
      const list = await repo.listSessions(db, { bot: 'b2' });
      expect(list[0].lastMessage).toBe('preciso de ajuda');
      expect(list[0].messageCount).toBe(1);
      expect(await repo.countPending(db, ['b2'])).toBe(1);
      expect(await repo.listSessions(db, { bot: 'b2', mode: 'bot' })).toHaveLength(0);
    });

    it('keeps settings as JSON', async () => {
      await repo.putSetting(db, 'b1', 'handoff', { timeout_minutes: 5 });
      await repo.putSetting(db, 'b1', 'handoff', { timeout_minutes: 7 });
      expect(await repo.getSetting(db, 'b1', 'handoff')).toEqual({ timeout_minutes: 7 });
    });
  });
}
