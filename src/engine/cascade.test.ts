// The tool cascade run in a turn: each source as a tool with its events, in the intent's order, stopping at the
// first that answers; the web search against a real local HTTP server in DuckDuckGo's format.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkedBotConfigSchema, type BotConfig } from '../bot/config.ts';
import { chunkMarkdown, webSearch, type WebSearchOptions } from '../knowledge/index.ts';
import { answerWithCascade, isOpening } from './cascade.ts';
import { defaultSpecialists } from './default-specialists.ts';
import { fillTemplate } from '../template/index.ts';
import type { Passage, Step, TurnContext, TurnEvent, TurnModel } from './types.ts';

const SWIMMING = `# Swimming

## What the swimming club is
A club for swimmers of every age.

## Waiting list for the swimming lessons
When the lessons are full, you join the waiting list and we call you in order.

## Lockers
Lockers take a one-pound coin.
`;
const TENNIS = `# Tennis

## Waiting list for the tennis courts
Courts are booked a week ahead; the waiting list opens on Monday.

## Lockers and rackets
Rackets can be borrowed at the desk.
`;
const passages: Passage[] = [...chunkMarkdown('swimming.md', SWIMMING), ...chunkMarkdown('tennis.md', TENNIS)].map((c) => ({ ...c, score: 0 }));

const config: BotConfig = checkedBotConfigSchema.parse({
  id: 'club',
  language: 'en',
  persona: 'You are the club assistant.',
  knowledge: 'knowledge/',
  understanding: { fallback: 'chat' },
  knowledgeTopics: { stopwords: 'the a an of is are do does how when what i my me can for with to in on you at there', minWords: 1, minScore: 1, overview: ['What'] },
  intents: {
    chat: { label: 'Chat', examples: ['hi'] },
    swimming: { label: 'Swimming', examples: ['swim'], answer: { from: ['calendar', 'knowledge', 'web'], subject: 'Swimming', documents: ['swimming.md'], opening: 'swimming_intro' } },
    anything: { label: 'Anything', examples: ['x'], answer: ['knowledge'] },
  },
  answers: {
    calendar: {
      rows: [
        { subject: 'Swimming', event: 'Registration', start: '2026-01-10', end: '2026-01-20' },
        { subject: 'Tennis', event: 'Registration', start: '2026-02-01', end: '2026-02-03' },
        { subject: 'Swimming', event: 'Gala', start: '2026-04-01' },
      ],
      questions: ['when', 'what day', 'dates'],
      topics: [
        { words: ['regist*', 'sign up'], events: ['regist*'] },
        { words: ['gala'], events: ['gala'] },
        { words: ['result*'], events: ['result*'] },
      ],
    },
    openings: ['help', 'talk'],
    instruction: 'Answer the question about {subject} from the material below only.',
  },
  replies: {
    source_calendar: 'Source: the club calendar',
    source_knowledge: 'Source: the club handbook',
    source_web: 'Source: the web',
    web_unavailable: 'I could not find that; ask at the desk.',
    dates_header: 'Dates of this season:',
    date_range: 'from {start} to {end}',
    date_from: 'from {start}',
    date_until: 'until {end}',
    date_unknown: 'no date yet',
    swimming_intro: 'Happy to talk swimming! What would you like to know?',
  },
});

// A real HTTP server answering in DuckDuckGo's Instant Answer JSON.
let server: Server;
let base: string;
const queries: string[] = [];
const web = { delayMs: 0, empty: false, answers: 0 };
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    queries.push(url.searchParams.get('q') ?? '');
    const body = web.empty
      ? { Heading: '', AbstractText: '', AbstractURL: '', RelatedTopics: [] }
      : { Heading: 'Water polo', AbstractText: 'Water polo is a team sport played in a pool.', AbstractURL: 'https://example.org/water-polo', RelatedTopics: [] };
    setTimeout(() => {
      web.answers++;
      res.end(JSON.stringify(body));
    }, web.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  queries.length = 0;
  web.delayMs = 0;
  web.empty = false;
});

interface Fake {
  ctx: TurnContext;
  events: TurnEvent[];
  searches: { query: string; documents?: string[] }[];
  prompts: string[];
}

/** A turn's context over the passages above (a search restricted to documents holds only theirs) and the web server. */
function turn(text: string, opts: { web?: WebSearchOptions; model?: boolean } = {}): Fake {
  const events: TurnEvent[] = [];
  const searches: Fake['searches'] = [];
  const prompts: string[] = [];
  const model: TurnModel = {
    spec: 'fake',
    async generate({ system }) {
      prompts.push(system);
      return 'A grounded answer.';
    },
    json: async () => ({}),
  };
  const ctx = {
    bot: config,
    intentsConfig: config.intents,
    text,
    history: [],
    model: opts.model ? model : null,
    emit: (e: TurnEvent) => events.push(e),
    async tool<T>(name: string, input: unknown, run: () => Promise<T>): Promise<T> {
      events.push({ type: 'tool_start', tool: name, input } as TurnEvent);
      const output = await run();
      events.push({ type: 'tool_end', tool: name, output, ok: true } as TurnEvent);
      return output;
    },
    async searchKnowledge(query: string, _limit?: number, o?: { documents?: string[] }) {
      searches.push({ query, documents: o?.documents });
      return o?.documents ? passages.filter((p) => o.documents!.includes(p.doc)) : passages;
    },
    searchWeb: (query: string) => webSearch(query, opts.web ?? { url: base, timeoutMs: 1000 }),
    reply: (key: string, vars?: Record<string, string | number>) => fillTemplate(config.replies[key] ?? '', vars),
  } as unknown as TurnContext;
  return { ctx, events, searches, prompts };
}

const toolEvents = (events: TurnEvent[]) => events.filter((e) => e.type === 'tool_start' || e.type === 'tool_end').map((e) => `${e.type}:${(e as { tool: string }).tool}`);

describe('answerWithCascade', () => {
  it("answers a date question from the calendar: the subject's events its topic picks, then the source line", async () => {
    const t = turn('when does registration open?');
    const a = await answerWithCascade(t.ctx, 'swimming');
    expect(a).toMatchObject({ source: 'calendar', tools: ['getImportantDates'] });
    expect(a.text).toBe('Dates of this season:\n• Swimming — Registration: from 01/10/2026 to 01/20/2026\n\nSource: the club calendar');
    expect(toolEvents(t.events)).toEqual(['tool_start:getImportantDates', 'tool_end:getImportantDates']);
    expect(t.events[0]).toMatchObject({ input: { subject: 'Swimming' } });
    expect(t.searches).toEqual([]); // stopped at the first answer
    expect(queries).toEqual([]);
  });

  it('skips the calendar for a question that is not about dates', async () => {
    const t = turn('how does the waiting list work?');
    const a = await answerWithCascade(t.ctx, 'swimming');
    expect(a).toMatchObject({ source: 'knowledge', tools: ['knowledgeSearch'] });
    expect(toolEvents(t.events)).toEqual(['tool_start:knowledgeSearch', 'tool_end:knowledgeSearch']);
  });

  it("searches only the intent's documents", async () => {
    const t = turn('how does the waiting list work?');
    const a = await answerWithCascade(t.ctx, 'swimming');
    expect(t.searches).toEqual([{ query: 'how does the waiting list work?', documents: ['swimming.md'] }]);
    expect(a.text).toBe('When the lessons are full, you join the waiting list and we call you in order.\n\nSource: the club handbook');
    // the same question to an intent with no restriction may find the other document's passage
    const racket = turn('can I borrow rackets at the desk?');
    expect((await answerWithCascade(racket.ctx, 'anything')).text).toMatch(/^Rackets can be borrowed/);
    expect((await answerWithCascade(turn('can I borrow rackets at the desk?').ctx, 'swimming')).source).toBe('web');
  });

  it('a date question the calendar has no event for goes on to the knowledge', async () => {
    const t = turn('when are the results of the waiting list?');
    const a = await answerWithCascade(t.ctx, 'swimming');
    expect(a).toMatchObject({ source: 'knowledge', tools: ['getImportantDates', 'knowledgeSearch'] });
  });

  it('falls back to the web (the subject joins the query) and says so', async () => {
    const t = turn('is there water polo?');
    const a = await answerWithCascade(t.ctx, 'swimming');
    expect(a).toMatchObject({ source: 'web', tools: ['knowledgeSearch', 'webSearch'] });
    expect(a.text).toBe('Water polo is a team sport played in a pool.\nhttps://example.org/water-polo\n\nSource: the web');
    expect(queries).toEqual(['is there water polo? Swimming']);
    expect(toolEvents(t.events)).toEqual(['tool_start:knowledgeSearch', 'tool_end:knowledgeSearch', 'tool_start:webSearch', 'tool_end:webSearch']);
  });

  it('says it found nothing when the web is off, empty or slow, without waiting past the timeout', async () => {
    const offline = turn('is there water polo?', { web: { url: base, offline: true } });
    expect(await answerWithCascade(offline.ctx, 'swimming')).toEqual({ text: 'I could not find that; ask at the desk.', source: 'none', tools: ['knowledgeSearch', 'webSearch'] });
    expect(queries).toEqual([]);
    web.empty = true;
    expect((await answerWithCascade(turn('is there water polo?').ctx, 'swimming')).source).toBe('none');
    web.empty = false;
    web.delayMs = 1500;
    const answeredBefore = web.answers;
    const slow = await answerWithCascade(turn('is there water polo?', { web: { url: base, timeoutMs: 100 } }).ctx, 'swimming');
    expect(slow.source).toBe('none');
    expect(web.answers).toBe(answeredBefore); // given up on before the slow web answered
  });

  it('with a model, the material found becomes a grounded answer with the instruction about the subject', async () => {
    const t = turn('when is the gala?', { model: true });
    const a = await answerWithCascade(t.ctx, 'swimming', { context: 'Examples of good answers: …' });
    expect(a.text).toBe('A grounded answer.\n\nSource: the club calendar');
    expect(t.prompts).toHaveLength(1);
    expect(t.prompts[0]).toContain('Answer the question about Swimming from the material below only.');
    expect(t.prompts[0]).toContain('• Swimming — Gala: from 04/01/2026');
    expect(t.prompts[0]).toContain('Examples of good answers: …');
  });

  it('a message that only opens the subject gets its opening reply, and no tool runs', async () => {
    expect(isOpening(config, 'can you help me?')).toBe(true);
    expect(isOpening(config, 'can you help me with the lockers?')).toBe(false); // a question already
    expect(isOpening(config, 'help, when is the gala?')).toBe(false); // a date question
    const t = turn('can you help me?');
    expect(await answerWithCascade(t.ctx, 'swimming')).toEqual({ text: 'Happy to talk swimming! What would you like to know?', source: 'opening', tools: [] });
    expect(t.events).toEqual([]);
  });

  it('an intent with answer: and no code answers through its cascade', async () => {
    const t = turn('when does registration open?');
    const result = await (defaultSpecialists(config).swimming as Step)(t.ctx);
    expect(result).toMatchObject({ segments: [{ intent: 'swimming', ok: true, data: { source: 'calendar', tools: ['getImportantDates'] } }] });
  });
});
