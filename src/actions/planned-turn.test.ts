import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { botConfigSchema } from '../bot/config.ts';
import type { BotDefinition, Step, TurnContext } from '../engine/types.ts';
import type { CommandClause } from '../nlu/index.ts';
import { ActionError, type ActionTool } from './queue.ts';
import { runPlannedTurn, withPlannedActions, type Planner } from './planned-turn.ts';

// A shelf bot: every message is a plan of shelf actions (actions.specialist: shelf).
const bot = botConfigSchema.parse(
  parse(`
id: shelf
language: en
timeZone: Europe/Lisbon
understanding: { fallback: help, exclusive: [help] }
intents:
  add: { label: Add a book, slots: { title: { aliases: [book] } } }
  list: { label: List books }
  help: { label: Help }
actions:
  specialist: shelf
  remember: { last_book: { title: title } }
  intents:
    add: { tool: add_book, reply: added }
    list: { tool: list_books, reply: listed }
    help: { reply: help }
replies:
  help: I keep a shelf.
  added: Added {title}.
  listed: 'Shelf: {titles}'
  actions_done: 'Done:'
  actions_failed: 'Not done:'
  action_failed: 'Failed: {reason}'
  action_unexpected: broke ({error})
`),
);
const NOW = new Date('2025-03-03T10:00:00Z');
const clause = (intent: string, slots: Record<string, string> = {}): CommandClause => ({ intent, slots, confidence: 1, text: intent, rest: '', sep: '', entities: [] });

function shelf() {
  const books: string[] = [];
  const tools: Record<string, ActionTool> = {
    add_book: async ({ title }) => {
      if (!title) throw new ActionError('no title');
      books.push(String(title));
      return { title };
    },
    list_books: async () => ({ titles: books.join(', ') }),
  };
  return { books, tools };
}

const turn = (text: string, requests: CommandClause[], planner?: Planner, tools = shelf().tools) =>
  runPlannedTurn({ bot, text, now: NOW, tools, memory: {}, commands: () => requests, planner });

describe('runPlannedTurn', () => {
  it('without a planner, runs the requests the runtime read', async () => {
    const t = await turn('add Dune and list', [clause('add', { title: 'Dune' }), clause('list')]);
    expect(t.reply).toBe('Done:\n- Added Dune.\n- Shelf: Dune');
    expect(t.memory).toEqual({ last_book: { title: 'Dune' } });
  });

  it("runs the planner's plan, read against bot.yaml", async () => {
    const { books, tools } = shelf();
    const t = await turn('add two', [clause('help')], async () => ({ actions: [{ intent: 'add', slots: { book: 'Emma' } }, { intent: 'add', slots: { book: 'Ulysses' } }] }), tools);
    expect(books).toEqual(['Emma', 'Ulysses']);
    expect(t.replanned).toBe(false);
  });

  it('falls back to the requests when the planner fails or answers nothing usable', async () => {
    for (const planner of [async () => 'I will add it.', async () => Promise.reject(new Error('timeout'))]) {
      const { books, tools } = shelf();
      await turn('add Dune', [clause('add', { title: 'Dune' })], planner, tools);
      expect(books).toEqual(['Dune']);
    }
  });

  it('asks the planner once more when its plan leaves a request out, with what is remembered now', async () => {
    const seen: unknown[] = [];
    const answers = [{ actions: [{ intent: 'add', slots: { title: 'Dune' } }] }, { actions: [{ intent: 'list' }] }];
    const t = await turn('add Dune and list', [clause('add', { title: 'Dune' }), clause('list')], async (_text, memory) => (seen.push(memory), answers[seen.length - 1]));
    expect(t.executed.map((a) => a.intent)).toEqual(['add', 'list']);
    expect(seen).toEqual([{}, { last_book: { title: 'Dune' } }]);
  });

  it('answers help when nothing is asked', async () => {
    expect((await turn('hi', [])).reply).toBe('I keep a shelf.');
  });
});

describe('withPlannedActions', () => {
  const definition = { specialists: {}, tools: () => shelf().tools } as BotDefinition;

  it('adds the specialist, routes every message to it and lets the planner replace classification', async () => {
    const planned = withPlannedActions(bot, definition);
    expect(Object.keys(planned.specialists)).toEqual(['shelf']);
    expect(await planned.route!({} as never)).toEqual(['shelf']);
    expect(planned.modelUnderstanding).toBe(false);
    const step = planned.specialists.shelf as Step;
    const ctx = { bot, text: 'add Dune', now: NOW, model: null, memory: { shelf: { last_book: { title: 'It' } } }, entities: [], commands: () => [clause('add', { title: 'Dune' })], emit: () => undefined };
    const result = await step(ctx as unknown as TurnContext);
    expect(result).toMatchObject({ segments: [{ intent: 'shelf', text: 'Added Dune.', ok: true }], memory: { shelf: { last_book: { title: 'Dune' } } }, intents: ['add'] });
  });

  it("asks the bot's model for the plan with the prompt bot.yaml generates", async () => {
    const asked: { purpose: string; system: string; user: string }[] = [];
    const model = { json: async (a: { purpose: string; system: string; user: string }) => (asked.push(a), { actions: [{ intent: 'list' }] }) };
    const step = withPlannedActions(bot, definition).specialists.shelf as Step;
    const ctx = { bot, text: 'what is there?', now: NOW, model, memory: {}, entities: [], commands: () => [clause('help')], emit: () => undefined };
    expect((await step(ctx as unknown as TurnContext))?.segments?.[0].text).toBe('Shelf: ');
    expect(asked[0]).toMatchObject({ purpose: 'planner', user: 'what is there?' });
    expect(asked[0].system).toMatch(/- add: .*title/);
  });

  it('leaves a bot without actions.specialist alone, and needs the tools of one that has it', () => {
    const plain = botConfigSchema.parse({ ...bot, actions: { ...bot.actions, specialist: undefined } });
    expect(withPlannedActions(plain, definition)).toBe(definition);
    expect(() => withPlannedActions(bot, { specialists: {} })).toThrow(/defineBot\(\{ tools \}\)/);
  });
});
