// The built-in skills on a second held-out set (test/fixtures/edge-messages-heldout.ts) over HTTP: off-domain
// messages get the fallback and write nothing, requests for a person hand off. SKILLS_REPORT=1 prints the counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELD_OUT } from './fixtures/edge-messages-heldout.ts';
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
  const userId = `heldout-${++users}`;
  expect((await s.post('/api/users', { id: userId, name: 'Edu' }, auth())).status).toBe(201);
  return s.chat(bot, { message, userId, userToken: await userToken(userId) });
}

describe.each(BOTS)('held-out edge messages in $id', ({ id, fallback, warm }) => {
  const set = HELD_OUT[id];

  it('answers off-domain messages with the fallback', async () => {
    await first(id, warm);
    const missed: unknown[] = [];
    for (const message of set.offDomain) {
      const r = await first(id, message);
      if (r.intents.join() !== fallback || r.mode !== 'bot' || !r.reply) missed.push({ message, intents: r.intents, mode: r.mode });
    }
    if (process.env.SKILLS_REPORT) console.log(`[heldout] ${id} off-domain ${set.offDomain.length - missed.length}/${set.offDomain.length} ${JSON.stringify(missed)}`);
    // Measured: ct-smash 16, mini-crm 16, cloudinha 17, fashion-vn 15, la-formula 18 of 18. What is missed uses a
    // word the bot's own examples keep using ("mensalidade", "proposta", "nota", "curso", "size").
    expect(missed.length, JSON.stringify(missed)).toBeLessThanOrEqual(4);
  });

  it('hands a request for a person to the team', async () => {
    const missed: unknown[] = [];
    for (const message of set.person) {
      const r = await first(id, message);
      if (r.mode !== 'handoff_pending' || !r.handoff || !r.reply) missed.push({ message, mode: r.mode, intents: r.intents });
    }
    if (process.env.SKILLS_REPORT) console.log(`[heldout] ${id} person ${set.person.length - missed.length}/${set.person.length} ${JSON.stringify(missed)}`);
    expect(missed).toEqual([]);
  });
});
