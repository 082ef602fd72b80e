// The built-in skills on a third held-out set (test/fixtures/edge-messages-3.ts) over HTTP, in every reference
// bot: off-domain messages get the fallback, requests for a person hand off, in-domain messages stay the bot's
// (neither its fallback nor a hand-over). The set only measures: nothing was tuned on it. SKILLS_REPORT=1 prints
// the counts and what was missed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_3 } from './fixtures/edge-messages-3.ts';
import { auth, startTestServer, userToken, type TestServer } from './support/server.ts';

const BOTS = [
  { id: 'ct-smash', fallback: 'general', warm: 'oi' },
  { id: 'mini-crm', fallback: 'ajuda', warm: 'oi' },
  { id: 'cloudinha', fallback: 'root', warm: 'quando saem as datas do sisu?' },
  { id: 'fashion-vn', fallback: 'off_topic', warm: 'chào shop' },
  { id: 'la-formula', fallback: 'otro', warm: 'hola' },
] as const;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ only: BOTS.map((b) => b.id) });
}, 120_000);
afterAll(async () => s?.close());

let users = 0;
async function first(bot: string, message: string) {
  if (bot !== 'cloudinha') return s.chat(bot, { message });
  const userId = `edge3-${++users}`;
  expect((await s.post('/api/users', { id: userId, name: 'Edu' }, auth())).status).toBe(201);
  return s.chat(bot, { message, userId, userToken: await userToken(userId) });
}

const report = (id: string, what: string, total: number, missed: unknown[]) => {
  if (process.env.SKILLS_REPORT) console.log(`[edge3] ${id} ${what} ${total - missed.length}/${total} ${JSON.stringify(missed)}`);
};

describe.each(BOTS)('third held-out edge set in $id', ({ id, fallback, warm }) => {
  const set = EDGE_3[id];

  it('answers off-domain messages with the fallback', async () => {
    await first(id, warm);
    const missed: unknown[] = [];
    for (const message of set.offDomain) {
      const r = await first(id, message);
      if (r.intents.join() !== fallback || r.mode !== 'bot' || !r.reply) missed.push({ message, intents: r.intents, mode: r.mode });
    }
    report(id, 'off-domain', set.offDomain.length, missed);
    expect(missed.length, JSON.stringify(missed)).toBeLessThanOrEqual(MAX_MISSED.offDomain);
  });

  it('hands a request for a person to the team', async () => {
    const missed: unknown[] = [];
    for (const message of set.person) {
      const r = await first(id, message);
      if (r.mode !== 'handoff_pending' || !r.handoff || !r.reply) missed.push({ message, mode: r.mode, intents: r.intents });
    }
    report(id, 'person', set.person.length, missed);
    expect(missed.length, JSON.stringify(missed)).toBeLessThanOrEqual(MAX_MISSED.person);
  });

  it('keeps in-domain messages the bot’s own', async () => {
    const missed: unknown[] = [];
    for (const message of set.inDomain) {
      const r = await first(id, message);
      if (r.intents.includes(fallback) || r.intents.includes('human') || r.mode !== 'bot') missed.push({ message, mode: r.mode, intents: r.intents });
    }
    report(id, 'in-domain', set.inDomain.length, missed);
    expect(missed.length, JSON.stringify(missed)).toBeLessThanOrEqual(MAX_MISSED.inDomain);
  });
});

// Largest number of misses per bot allowed. Measured (docs/skills.md): off-domain 17–18 of 20, persons all but at most one,
// in-domain 8–10 of 10 (la-formula reads a return question as its own complaint hand-over, and an opening-hours
// question as out of scope).
const MAX_MISSED = { offDomain: 3, person: 1, inDomain: 2 };
