import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { botConfigSchema } from '../bot/config.ts';
import { actionKey, dedupeActions, localPlan, readPlan } from './plan.ts';

// A small library desk: its intents' slots as a planner model may name them, with the planner keys.
const bot = botConfigSchema.parse(
  parse(`
id: desk
language: en
timeZone: Europe/Lisbon
understanding: { fallback: help, exclusive: [help] }
references:
  reader: [reader, member]
intents:
  lend:
    label: Lend
    aliases: [lend_book]
    slots:
      title: { aliases: [book] }
      reader: { kind: ref, aliases: [member], nameSlot: reader_named }
      reader_named: { kind: ref, planner: false }
      due: { kind: datetime }
  loans:
    label: Loans
    slots:
      state: { values: { returned: [return, back, done], all: [every, all] }, otherwise: open }
  help: { label: Help }
`),
);
const NOW = new Date('2025-03-03T10:00:00Z');

describe('readPlan', () => {
  it('maps aliases, reads kinds, keeps the name beside an id in nameSlot', () => {
    const plan = readPlan(`{"actions": [{"intent": "lend_book", "slots": "{'book': 'Dune', 'member': {'name': 'Ann', 'id': 'r7'}}"}]}`, bot, NOW);
    expect(plan).toEqual({ usable: true, problems: [], actions: [{ intent: 'lend', slots: { title: 'Dune', reader: 'r7', reader_named: 'Ann' } }] });
    // A name alone is the value: nothing to keep beside it.
    expect(readPlan({ actions: [{ intent: 'lend', slots: { reader: { name: 'Ann' } } }] }, bot, NOW).actions[0].slots).toEqual({ reader: 'Ann' });
  });

  it('drops a ref that only points at a reference the conversation remembers', () => {
    expect(readPlan({ actions: [{ intent: 'lend', slots: { title: 'Dune', reader: 'her' } }] }, bot, NOW).actions[0].slots).toEqual({ title: 'Dune' });
    expect(readPlan({ actions: [{ intent: 'lend', slots: { reader: 'that member' } }] }, bot, NOW).actions[0].slots).toEqual({});
    expect(readPlan({ actions: [{ intent: 'lend', slots: { reader: 'Helen' } }] }, bot, NOW).actions[0].slots).toEqual({ reader: 'Helen' });
  });

  it('reads a value with `values` as the first that its words name, else `otherwise`', () => {
    const state = (s: string) => readPlan({ actions: [{ intent: 'loans', slots: { state: s } }] }, bot, NOW).actions[0].slots.state;
    expect([state('Returned'), state('brought back'), state('ALL of them'), state('pending'), state('returned, all')]).toEqual(['returned', 'returned', 'all', 'open', 'returned']);
  });

  it('drops repeats and lets the exclusive intent stand alone only when nothing else is asked', () => {
    const plan = readPlan({ actions: [{ intent: 'help' }, { intent: 'lend', slots: { title: 'Dune' } }, { intent: 'lend', slots: { book: ' dune ' } }, { intent: 'fly' }] }, bot, NOW);
    expect(plan.actions).toEqual([{ intent: 'lend', slots: { title: 'Dune' } }]);
    expect(plan.problems).toEqual(['unknown intent: fly']);
    expect(readPlan({ actions: [{ intent: 'help' }, { intent: 'help' }] }, bot, NOW).actions).toEqual([{ intent: 'help', slots: {} }]);
  });

  it('is unusable when nothing in the reply can be used', () => {
    for (const raw of ['Sure, I will lend it.', '{"foo": 1}', { actions: [{ intent: 'fly' }] }, null, 42]) expect(readPlan(raw, bot, NOW).usable).toBe(false);
    expect(readPlan({ actions: [] }, bot, NOW).usable).toBe(true);
  });
});

describe('localPlan', () => {
  it('keeps the requests of known intents, without repeats or the exclusive ones; none is the fallback', () => {
    const requests: { intent: string; slots?: Record<string, string> }[] = [
      { intent: 'help', slots: {} },
      { intent: 'lend', slots: { title: 'Dune' } },
      { intent: 'lend', slots: { title: 'dune' } },
      { intent: 'unknown', slots: {} },
      { intent: 'loans' },
    ];
    expect(localPlan(requests, bot)).toEqual([
      { intent: 'lend', slots: { title: 'Dune' } },
      { intent: 'loans', slots: {} },
    ]);
    expect(localPlan([{ intent: 'help', slots: {} }], bot)).toEqual([{ intent: 'help', slots: {} }]);
    expect(localPlan([], bot)).toEqual([{ intent: 'help', slots: {} }]);
  });
});

describe('actionKey', () => {
  it('is the intent and the slots, case, accents, spacing and key order aside', () => {
    const a = { intent: 'note', slots: { text: 'Ligação feita', lead: 'Ana' } };
    const b = { intent: 'note', slots: { lead: 'ana', text: 'ligacao  feita' } };
    expect(actionKey(a)).toBe(actionKey(b));
    expect(actionKey(a)).not.toBe(actionKey({ intent: 'task', slots: a.slots }));
    expect(dedupeActions([a, b, { intent: 'note', slots: { text: 'other' } }])).toHaveLength(2);
  });
});
