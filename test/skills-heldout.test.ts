// The built-in skills on the held-out edge sets over HTTP, in every reference bot: off-domain messages get the
// fallback, requests for a person hand off, and (third set) in-domain messages stay the bot's (neither its fallback
// nor a hand-over). The second (test/fixtures/edge-messages-heldout.ts) and fourth (test/fixtures/edge-messages-4.ts)
// sets were looked at when the rules and thresholds were chosen; the third (test/fixtures/edge-messages-3.ts) only
// measures. SKILLS_REPORT=1 prints the counts and misses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_3 } from './fixtures/edge-messages-3.ts';
import { EDGE_4 } from './fixtures/edge-messages-4.ts';
import { EDGE_5 } from './fixtures/edge-messages-5.ts';
import { EDGE_6 } from './fixtures/edge-messages-6.ts';
import { EDGE_7 } from './fixtures/edge-messages-7.ts';
import { EDGE_8 } from './fixtures/edge-messages-8.ts';
import { EDGE_9 } from './fixtures/edge-messages-9.ts';
import { EDGE_10 } from './fixtures/edge-messages-10.ts';
import { EDGE_11 } from './fixtures/edge-messages-11.ts';
import { EDGE_12 } from './fixtures/edge-messages-12.ts';
import { EDGE_13 } from './fixtures/edge-messages-13.ts';
import { HELD_OUT } from './fixtures/edge-messages-heldout.ts';
import { auth, startTestServer, userToken, type TestServer } from './support/server.ts';

const BOTS = [
  { id: 'ct-smash', fallback: 'general', warm: 'oi', human: 'human' },
  { id: 'mini-crm', fallback: 'ajuda', warm: 'oi', human: 'human' },
  { id: 'cloudinha', fallback: 'root', warm: 'quando saem as datas do sisu?', human: 'human' },
  { id: 'fashion-vn', fallback: 'off_topic', warm: 'chào shop', human: 'human' },
  // la-formula's own intent takes requests for a person (skills.human.intent).
  { id: 'la-formula', fallback: 'otro', warm: 'hola', human: 'hablar_dueno' },
] as const;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ only: BOTS.map((b) => b.id) });
}, 120_000);
afterAll(async () => s?.close());

let users = 0;
/** A message opening a new conversation (cloudinha's users must be registered first). */
async function first(bot: string, message: string) {
  if (bot !== 'cloudinha') return s.chat(bot, { message });
  const userId = `heldout-${++users}`;
  expect((await s.post('/api/users', { id: userId, name: 'Edu' }, auth())).status).toBe(201);
  return s.chat(bot, { message, userId, userToken: await userToken(userId) });
}

type Reply = Awaited<ReturnType<typeof first>>;
type Bot = (typeof BOTS)[number];

/** The messages of a list that `handled` rejects, each with what the bot did; printed with SKILLS_REPORT=1. */
async function misses(set: string, bot: Bot, what: string, messages: string[], handled: (r: Reply) => boolean) {
  const missed: unknown[] = [];
  for (const message of messages) {
    const r = await first(bot.id, message);
    if (!handled(r)) missed.push({ message, intents: r.intents, mode: r.mode });
  }
  if (process.env.SKILLS_REPORT) console.log(`[${set}] ${bot.id} ${what} ${messages.length - missed.length}/${messages.length} ${JSON.stringify(missed)}`);
  return missed;
}

const answeredWithFallback = (bot: Bot) => (r: Reply) => r.intents.join() === bot.fallback && r.mode === 'bot' && !!r.reply;
const handedOff = (r: Reply) => r.mode === 'handoff_pending' && !!r.handoff && !!r.reply;
const keptByTheBot = (bot: Bot) => (r: Reply) => !r.intents.includes(bot.fallback) && !r.intents.includes('human') && r.mode === 'bot';
/** One of the bot's own intents took it, its own hand-overs included (la-formula hands a complaint to its owner). */
const ownedByTheBot = (bot: Bot) => (r: Reply) => r.intents.length > 0 && !r.intents.some((i: string) => i === bot.fallback || i === 'human' || i === bot.human);

/**
 * An edge set's two bounded checks for one bot: off-domain messages and requests for a person handled (together at
 * most `bound.edge` missed), and in-domain messages kept (at most `bound.inDomain` missed, as `kept` judges).
 */
function boundedEdgeSet(tag: string, bot: Bot, set: { offDomain: string[]; person: string[]; inDomain: string[] }, bound: { edge: number; inDomain: number }, kept: (bot: Bot) => (r: Reply) => boolean) {
  it('answers off-domain messages with the fallback and hands requests for a person over', async () => {
    const missed = [
      ...(await misses(tag, bot, 'off-domain', set.offDomain, answeredWithFallback(bot))),
      ...(await misses(tag, bot, 'person', set.person, handedOff)),
    ];
    expect(missed.length, JSON.stringify(missed)).toBeLessThanOrEqual(bound.edge);
  });

  it('keeps in-domain messages the bot’s own', async () => {
    const missed = await misses(tag, bot, 'in-domain', set.inDomain, kept(bot));
    expect(missed.length, JSON.stringify(missed)).toBeLessThanOrEqual(bound.inDomain);
  });
}

describe.each(BOTS)('held-out edge messages in $id', (bot) => {
  const set = HELD_OUT[bot.id];

  it('answers off-domain messages with the fallback', async () => {
    await first(bot.id, bot.warm);
    const missed = await misses('heldout', bot, 'off-domain', set.offDomain, answeredWithFallback(bot));
    // Measured (docs/skills.md): 16–18 of 18. What is missed uses a word the bot's own examples keep using.
    expect(missed.length, JSON.stringify(missed)).toBeLessThanOrEqual(4);
  });

  it('hands a request for a person to the team', async () => {
    expect(await misses('heldout', bot, 'person', set.person, handedOff)).toEqual([]);
  });
});

// Largest number of misses per bot allowed on the fourth set. Measured (docs/skills.md): off-domain 17–20 of 20,
// persons 9–10 of 10, in-domain 10 of 10.
const MAX_MISSED_4 = { offDomain: 3, person: 1, inDomain: 1 };

describe.each(BOTS)('fourth edge set in $id', (bot) => {
  const set = EDGE_4[bot.id];

  it('answers off-domain messages with the fallback', async () => {
    const missed = await misses('edge4', bot, 'off-domain', set.offDomain, answeredWithFallback(bot));
    expect(missed.length, JSON.stringify(missed)).toBeLessThanOrEqual(MAX_MISSED_4.offDomain);
  });

  it('hands a request for a person to the team', async () => {
    const missed = await misses('edge4', bot, 'person', set.person, handedOff);
    expect(missed.length, JSON.stringify(missed)).toBeLessThanOrEqual(MAX_MISSED_4.person);
  });

  it('keeps in-domain messages the bot’s own', async () => {
    const missed = await misses('edge4', bot, 'in-domain', set.inDomain, keptByTheBot(bot));
    expect(missed.length, JSON.stringify(missed)).toBeLessThanOrEqual(MAX_MISSED_4.inDomain);
  });
});

// The third set only measures (nothing was chosen by looking at it). Its bound is on what the issue counts: turns
// of off-domain messages and requests for a person handled, together, and in-domain messages kept. Measured
// (docs/skills.md): 25–28 of 28–29 handled per bot, in-domain 8–10 of 10 (la-formula reads a return question as
// its own complaint hand-over, and an opening-hours question as out of scope).
const MAX_MISSED_3 = { edge: 4, inDomain: 2 };

describe.each(BOTS)('third held-out edge set in $id', (bot) => {
  boundedEdgeSet('edge3', bot, EDGE_3[bot.id], MAX_MISSED_3, keptByTheBot);
});

// The fifth set (test/fixtures/edge-messages-5.ts), written for issue 18 and used while choosing its changes: per bot
// 25 off-domain messages, 12 requests for a person and 12 in-domain messages. Bounded like the third set, on turns
// handled and in-domain messages kept, per bot at what was measured (docs/skills.md): handled 33–36 of 37, in-domain
// 8–12 of 12 (cloudinha's own routing answers a bare score or income from its root; "moro com 4 pessoas" reads as a
// request for a person). ct-smash's bound is that of the measure taken after the training lines that copied this
// set's sentences were taken out (test/contamination.test.ts): 34 of 37 handled instead of 36.
const MAX_MISSED_5: Record<Bot['id'], { edge: number; inDomain: number }> = {
  'ct-smash': { edge: 3, inDomain: 1 },
  'mini-crm': { edge: 2, inDomain: 0 },
  cloudinha: { edge: 2, inDomain: 4 },
  'fashion-vn': { edge: 4, inDomain: 1 },
  'la-formula': { edge: 4, inDomain: 0 },
};

describe.each(BOTS)('fifth edge set in $id', (bot) => {
  boundedEdgeSet('edge5', bot, EDGE_5[bot.id], MAX_MISSED_5[bot.id], ownedByTheBot);
});

// The sixth set (test/fixtures/edge-messages-6.ts), written before the issue 18 generalisation work: per bot 25
// off-domain messages, 10 requests for a person and 10 in-domain messages. It was the untouched set until it was
// measured once on 2026-11-25 (its figures are in docs/skills.md); it is no longer the untouched one (the seventh
// is). Bounded like the third set, on turns handled and in-domain messages kept
// (`SKILLS_REPORT=1 npx vitest run test/skills-heldout.test.ts -t sixth`).
const MAX_MISSED_6 = { edge: 8, inDomain: 2 };

describe.each(BOTS)('sixth held-out edge set in $id', (bot) => {
  boundedEdgeSet('edge6', bot, EDGE_6[bot.id], MAX_MISSED_6, keptByTheBot);
});

// The seventh set (test/fixtures/edge-messages-7.ts): written on 2026-11-28 before that round's changes by a blind
// author, per bot 25 off-domain messages, 10 requests for a person and 10 in-domain messages. It was the untouched set
// until it was measured once at the end of the round ending 2026-11-28 (its figures are in docs/skills.md); a dev set
// since. Bounded loosely, on turns handled and in-domain messages kept.
const MAX_MISSED_7 = { edge: 10, inDomain: 3 };

describe.each(BOTS)('seventh held-out edge set in $id', (bot) => {
  boundedEdgeSet('edge7', bot, EDGE_7[bot.id], MAX_MISSED_7, keptByTheBot);
});

// The eighth set (test/fixtures/edge-messages-8.ts): written on 2026-11-28 by a blind author, per bot 40 off-domain
// messages, 15 requests for a person and 12 in-domain messages. It was the untouched set until it was measured once at
// the end of the second round ending 2026-11-28 (its figures are in docs/skills.md); a dev set since. Bounded loosely,
// on turns handled and in-domain messages kept.
const MAX_MISSED_8 = { edge: 14, inDomain: 3 };

describe.each(BOTS)('eighth held-out edge set in $id', (bot) => {
  boundedEdgeSet('edge8', bot, EDGE_8[bot.id], MAX_MISSED_8, keptByTheBot);
});

// The ninth set (test/fixtures/edge-messages-9.ts): written on 2026-11-28 by a blind author, per bot 40 off-domain
// messages, 15 requests for a person and 12 in-domain messages. It was the untouched set until it was measured once at
// the end of the third round ending 2026-11-28 (its figures are in docs/skills.md); a dev set since. Bounded loosely,
// on turns handled and in-domain messages kept.
const MAX_MISSED_9 = { edge: 14, inDomain: 3 };

describe.each(BOTS)('ninth held-out edge set in $id', (bot) => {
  boundedEdgeSet('edge9', bot, EDGE_9[bot.id], MAX_MISSED_9, keptByTheBot);
});

// The tenth set (test/fixtures/edge-messages-10.ts): written on 2026-11-29 by a blind author who read only the bots'
// READMEs, per bot 40 off-domain messages, 15 requests for a person and 12 in-domain messages. It was the untouched set
// until it was measured once at the end of the first round of 2026-11-29 (its figures are in docs/skills.md); a dev
// set since. Bounded loosely, on turns handled and in-domain messages kept.
const MAX_MISSED_10 = { edge: 14, inDomain: 3 };

describe.each(BOTS)('tenth held-out edge set in $id', (bot) => {
  boundedEdgeSet('edge10', bot, EDGE_10[bot.id], MAX_MISSED_10, keptByTheBot);
});

// The eleventh set (test/fixtures/edge-messages-11.ts): written on 2026-11-29 by a blind author who read only the
// bots' READMEs, per bot 40 off-domain messages, 15 requests for a person and 12 in-domain messages. It was the
// untouched set until it was measured once at the end of the second round of 2026-11-29 (docs/skills.md); a dev set
// since. Its author was told that la-formula's complaints, delivery problems and health questions are its own
// intents, handed to the owner, so its in-domain messages count when one of the bot's own intents takes them,
// hand-overs included (as in the fifth set). Bounded loosely, on turns handled and in-domain messages kept.
const MAX_MISSED_11 = { edge: 14, inDomain: 3 };

describe.each(BOTS)('eleventh held-out edge set in $id', (bot) => {
  boundedEdgeSet('edge11', bot, EDGE_11[bot.id], MAX_MISSED_11, ownedByTheBot);
});

// The twelfth set (test/fixtures/edge-messages-12.ts): written on 2026-11-29 by a blind author who read only the
// bots' READMEs, per bot 40 off-domain messages, 15 requests for a person and 12 in-domain messages. It was the
// untouched set until it was measured once at the end of the third round of 2026-11-29 (docs/skills.md); a dev set
// since. In-domain messages count when one of the bot's own intents takes them, its own hand-overs included.
// Bounded loosely, on turns handled and in-domain messages kept.
const MAX_MISSED_12 = { edge: 16, inDomain: 3 };

describe.each(BOTS)('twelfth held-out edge set in $id', (bot) => {
  boundedEdgeSet('edge12', bot, EDGE_12[bot.id], MAX_MISSED_12, ownedByTheBot);
});

// The thirteenth set (test/fixtures/edge-messages-13.ts), the untouched one whose figure is reported: written on
// 2026-11-29 before the fourth round's changes by a blind author who read only the bots' READMEs, and measured once
// at the end of the round (nothing is chosen by looking at it): per bot 40 off-domain messages, 15 requests for a
// person and 12 in-domain messages. In-domain messages count when one of the bot's own intents takes them, its own
// hand-overs included (la-formula hands complaints to its owner). Bounded loosely, so that it stays a measure
// (`SKILLS_REPORT=1 npx vitest run test/skills-heldout.test.ts -t thirteenth`, at the end of the round only).
const MAX_MISSED_13 = { edge: 16, inDomain: 3 };

describe.each(BOTS)('thirteenth held-out edge set in $id', (bot) => {
  boundedEdgeSet('edge13', bot, EDGE_13[bot.id], MAX_MISSED_13, ownedByTheBot);
});
