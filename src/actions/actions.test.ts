import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { botConfigSchema, checkedBotConfigSchema } from '../bot/config.ts';
import { ActionError, runActions, uncovered, type ActionEvent, type ActionTool, type QueuedAction } from './index.ts';
import { currencyOf, fill, renderVars } from './template.ts';

// A small library desk bot: register a reader, lend a book to a reader, list the loans.
const bot = botConfigSchema.parse(
  parse(`
id: desk
language: en
timeZone: Europe/Lisbon
understanding: { fallback: help, exclusive: [help] }
intents: { reader_add: { label: Add reader }, lend: { label: Lend }, loans: { label: Loans }, help: { label: Help } }
actions:
  remember:
    current_reader: { id: reader_id, name: [reader_name, name] }
  intents:
    reader_add: { tool: add_reader, reply: reader_added, failure: reader_not_added }
    lend:
      tool: lend_book
      args: { book: title, reader: [reader, $current_reader.id], until: due }
      reply: lent
      vars: { due: { format: datetime, or: no_due }, fee: fee|money }
    loans:
      tool: list_loans
      reply: 'loans_{state}'
      empty: { when: loans, reply: 'no_loans_{state}' }
      vars: { n: loans|count, loans: { list: loans, item: '{title}{?late: (late)}', join: ' / ' } }
    help: { reply: help }
replies:
  help: I lend books.
  actions_done: 'Done:'
  actions_failed: 'Not done:'
  action_failed: 'Could not {intent}: {reason}'
  action_unexpected: something broke ({error})
  reader_added: Reader {name} registered ({reader_id}).
  reader_not_added: 'No new reader: {reason}'
  lent: '"{book}" lent to {reader_name} until {due}, fee {fee}.'
  no_due: further notice
  loans_open: 'Open loans ({n}): {loans}'
  no_loans_open: Nothing is out.
  reader_unknown: nobody called {reader} reads here
  untitled_loan: 'Loan for {reader_name}'
toolLabels: { lend_book: Lending… }
`),
);

/** A desk whose tools keep readers and loans in memory, recording each call's arguments. */
function desk() {
  const readers = new Map<string, string>();
  const loans: { title: string; reader: string; late: boolean }[] = [];
  const calls: [string, Record<string, unknown>][] = [];
  const tool = (name: string, run: ActionTool): ActionTool => async (args, t) => (calls.push([name, args]), run(args, t));
  const tools: Record<string, ActionTool> = {
    add_reader: tool('add_reader', async (a) => {
      if (!a.name) throw new ActionError('a reader needs a name');
      const id = `r${readers.size + 1}`;
      readers.set(id, String(a.name));
      return { reader_id: id, name: a.name };
    }),
    lend_book: tool('lend_book', async (a) => {
      const name = readers.get(String(a.reader)) ?? [...readers.entries()].find(([, n]) => n === a.reader)?.[1];
      if (!name) throw new ActionError(`no reader ${a.reader ?? 'given'}`);
      loans.push({ title: String(a.book), reader: name, late: false });
      return { book: a.book, reader_name: name, due: a.until ?? null, fee: 2.5 };
    }),
    list_loans: tool('list_loans', async () => ({ state: 'open', loans })),
  };
  return { tools, calls, loans };
}

const act = (intent: string, slots: Record<string, unknown> = {}): QueuedAction => ({ intent, slots });

describe('reply templates', () => {
  it('fills placeholders and shows a section only when its value is there (or equals the one named)', () => {
    const t = 'Loan{?who: to {who}}{?state=late: [late{?days: by {days} days}]}.';
    expect(fill(t, { who: 'Ann', state: 'late', days: 3 })).toBe('Loan to Ann [late by 3 days].');
    expect(fill(t, { who: '', state: 'open' })).toBe('Loan.');
    expect(fill('{known} {unknown}', { known: 1 })).toBe('1 {unknown}');
  });

  it('computes formatted values, lists and joined parts from a result', () => {
    const o = { replies: { row: '{t}{?n: x{n}}' }, language: 'pt-BR', timeZone: 'America/Sao_Paulo' };
    const vars = renderVars(
      {
        price: 'price|money',
        qty: 'qty|number',
        at: 'at|datetime',
        n: 'rows|count',
        rows: { list: 'rows', item: 'row' },
        contact: { parts: ['{phone}', 'mail {mail}'], join: ' · ' },
        missing: { from: 'nothing', or: 'none yet' },
      },
      { price: 1500, qty: 1.5, at: '2025-05-16T13:00:00.000Z', rows: [{ t: 'a', n: 2 }, { t: 'b' }], phone: '', mail: 'x@y.z' },
      o,
    );
    expect(vars).toMatchObject({ price: 'R$ 1.500,00', qty: '1,5', at: '16/05/2025 10:00', n: 2, rows: 'a x2; b', contact: 'mail x@y.z', missing: 'none yet' });
  });

  it('shows money in the currency of the language tag\'s region unless the bot names one', () => {
    expect(currencyOf('es-AR')).toBe('ARS');
    expect(currencyOf('es-MX')).toBe('MXN');
    expect(currencyOf('es')).toBe('EUR');
    expect(currencyOf('pt-BR')).toBe('BRL');
    expect(currencyOf('pt-PT')).toBe('EUR');
    expect(currencyOf('vi')).toBe('VND');
    expect(currencyOf('xx')).toBe('USD');
    const money = (language: string, currency?: string) => renderVars({ p: 'p|money' }, { p: 10 }, { replies: {}, language, timeZone: 'UTC', currency }).p;
    expect(money('es-MX')).toMatch(/\$/);
    expect(money('es-MX')).not.toMatch(/ARS/);
    expect(money('es-AR', 'USD')).toMatch(/US\$|USD/);
  });
});

describe('runActions', () => {
  it('runs each action by its tool, gives later actions the reference an earlier one left, and writes one reply', async () => {
    const d = desk();
    const events: ActionEvent[] = [];
    const turn = await runActions({
      bot,
      tools: d.tools,
      memory: {},
      plan: () => [act('reader_add', { name: 'Ann' }), act('lend', { title: 'Dune' }), act('loans')],
      emit: (e) => events.push(e),
    });
    expect(d.calls[1]).toEqual(['lend_book', { book: 'Dune', reader: 'r1' }]);
    expect(turn.reply).toBe('Done:\n- Reader Ann registered (r1).\n- "Dune" lent to Ann until further notice, fee $2.50.\n- Open loans (1): Dune');
    expect(turn.memory).toEqual({ current_reader: { id: 'r1', name: 'Ann' } });
    expect(turn.segments[0]).toEqual({ intent: 'reader_add', text: 'Reader Ann registered (r1).', ok: true, data: { reader_id: 'r1', name: 'Ann' } });
    expect(events[2]).toEqual({ type: 'tool_start', tool: 'lend_book', label: 'Lending…', input: { book: 'Dune', reader: 'r1' } });
    expect(events.map((e) => `${e.type}:${e.tool}`)).toEqual(['tool_start:add_reader', 'tool_end:add_reader', 'tool_start:lend_book', 'tool_end:lend_book', 'tool_start:list_loans', 'tool_end:list_loans']);
  });

  it('prefers the action\'s own slot over the remembered reference, and remembers across turns', async () => {
    const d = desk();
    const first = await runActions({ bot, tools: d.tools, memory: {}, plan: () => [act('reader_add', { name: 'Ann' }), act('reader_add', { name: 'Bo' })] });
    expect(first.memory.current_reader).toEqual({ id: 'r2', name: 'Bo' });
    const next = await runActions({ bot, tools: d.tools, memory: first.memory, plan: () => [act('lend', { title: 'Emma', reader: 'Ann' }), act('lend', { title: 'Ulysses', due: '2025-06-01T12:00:00Z' })] });
    expect(d.loans.map((l) => `${l.title}:${l.reader}`)).toEqual(['Emma:Ann', 'Ulysses:Bo']);
    expect(next.segments[1].text).toBe('"Ulysses" lent to Bo until 01/06/2025 13:00, fee $2.50.');
  });

  it('narrates failures per intent with their reason, apart from what was done', async () => {
    const d = desk();
    const broken: ActionTool = async () => {
      throw new Error('disk full');
    };
    const turn = await runActions({ bot, tools: { ...d.tools, list_loans: broken }, memory: {}, plan: () => [act('reader_add'), act('lend', { title: 'Dune' }), act('help'), act('loans')] });
    expect(turn.segments.map((s) => s.ok)).toEqual([false, false, true, false]);
    expect(turn.reply).toBe(
      'Done:\n- I lend books.\n\nNot done:\n- No new reader: a reader needs a name\n- Could not lend: no reader given\n- Could not loans: something broke (disk full)',
    );
  });

  it('reads an ActionError naming a reply as that reply, and gives tools the bot replies to fill', async () => {
    const d = desk();
    const strict: ActionTool = async (a) => {
      throw new ActionError('reader_unknown', { reader: a.reader });
    };
    const titled: ActionTool = async (a, t) => ({ book: t.reply('untitled_loan', { reader_name: a.reader }), reader_name: a.reader, due: null, fee: 0 });
    const failed = await runActions({ bot, tools: { ...d.tools, lend_book: strict }, memory: {}, plan: () => [act('lend', { title: 'Dune', reader: 'Zed' })] });
    expect(failed.reply).toBe('Could not lend: nobody called Zed reads here');
    const done = await runActions({ bot, tools: { ...d.tools, lend_book: titled }, memory: {}, plan: () => [act('lend', { reader: 'Ivo' })] });
    expect(done.reply).toBe('"Loan for Ivo" lent to Ivo until further notice, fee $0.00.');
  });

  it('fails an action whose tool the bot lacks, or whose intent has no action, without stopping the others', async () => {
    const { list_loans: _gone, ...tools } = desk().tools;
    const turn = await runActions({ bot, tools, memory: {}, plan: () => [act('loans'), act('renew'), act('reader_add', { name: 'Cy' })] });
    expect(turn.segments.map((s) => [s.intent, s.ok])).toEqual([['loans', false], ['renew', false], ['reader_add', true]]);
    expect(turn.segments[0].text).toBe("Could not loans: something broke (no tool 'list_loans')");
  });

  it('picks the empty reply of a listing, and the reply key its result names', async () => {
    const turn = await runActions({ bot, tools: desk().tools, memory: {}, plan: () => [act('loans')] });
    expect(turn.reply).toBe('Nothing is out.');
  });

  it('says the fallback reply when nothing was planned, and stops at the action cap', async () => {
    const d = desk();
    expect((await runActions({ bot, tools: d.tools, memory: {}, plan: () => [] })).reply).toBe('I lend books.');
    const capped = { ...bot, actions: { ...bot.actions!, maxPerTurn: 2 } };
    const many = Array.from({ length: 5 }, (_, i) => act('reader_add', { name: `R${i}` }));
    const turn = await runActions({ bot: capped, tools: d.tools, memory: {}, plan: () => many, asked: () => many });
    expect(turn.executed).toHaveLength(2);
    expect(turn.replanned).toBe(false);
  });

  it('re-plans once for what the message still asks, then completes it from the local reading', async () => {
    const asked = [act('reader_add', { name: 'Ann' }), act('lend', { title: 'Dune' }), act('loans'), act('help')];
    let replans = 0;
    const turn = await runActions({
      bot,
      tools: desk().tools,
      memory: {},
      plan: () => [act('reader_add', { name: 'Ann' })],
      asked: () => asked,
      replan: async (memory) => {
        replans++;
        expect(memory.current_reader).toEqual({ id: 'r1', name: 'Ann' });
        return [act('reader_add', { name: 'Ann' }), act('lend', { title: 'Dune' })];
      },
    });
    expect(replans).toBe(1);
    expect(turn.replanned).toBe(true);
    expect(turn.executed.map((a) => a.intent)).toEqual(['reader_add', 'lend', 'loans']);
  });

  it('counts coverage per intent and never counts an exclusive intent', () => {
    const wanted = [act('lend', { title: 'a' }), act('lend', { title: 'b' }), act('help')];
    expect(uncovered(wanted, [act('lend', { title: 'x' })], ['help'])).toEqual([act('lend', { title: 'b' })]);
  });
});

describe('runActions: references a message names', () => {
  // The desk again, its readers looked up by name before lending: a name no reader (or several) has asks.
  const resolving = botConfigSchema.parse({
    ...bot,
    actions: {
      ...bot.actions,
      resolve: { current_reader: { tool: 'find_readers', named: ['reader'], missing: 'who_is', ambiguous: 'which_one', label: 'name' } },
    },
    replies: { ...bot.replies, who_is: 'I know no reader {ref}: add them? (waiting: {waiting})', which_one: 'Which {ref}: {candidates}?' },
  });
  function library() {
    const d = desk();
    const readers = [{ reader_id: 'r1', name: 'Ann Lee' }, { reader_id: 'r2', name: 'Bo Park' }, { reader_id: 'r3', name: 'Bo Kim' }];
    const tools: Record<string, ActionTool> = {
      ...d.tools,
      find_readers: async (a) => ({ matches: readers.filter((r) => r.name.toLowerCase().includes(String(a.ref).toLowerCase())) }),
      add_reader: async (a, t) => {
        const added = await d.tools.add_reader(a, t);
        readers.push({ reader_id: String(added.reader_id), name: String(added.name) });
        return added;
      },
    };
    return { ...d, tools };
  }
  const current = { current_reader: { id: 'r1', name: 'Ann Lee' } };

  it('gives the tool the id of the one reader the name finds', async () => {
    const d = library();
    const turn = await runActions({ bot: resolving, tools: d.tools, memory: {}, plan: () => [act('lend', { title: 'Dune', reader: 'bo park' })] });
    expect(d.calls).toEqual([['lend_book', { book: 'Dune', reader: 'r2' }]]);
    expect(turn.memory).toEqual({ current_reader: { id: 'r2', name: 'Bo Park' } });
  });

  it('asks instead of falling back to the current reader, and a pointer after the name waits on it too', async () => {
    const d = library();
    const turn = await runActions({
      bot: resolving,
      tools: d.tools,
      memory: current,
      plan: () => [act('lend', { title: 'Dune', reader: 'Cy' }), act('lend', { title: 'Emma' }), act('loans')],
    });
    expect(d.calls.map(([name]) => name)).toEqual(['list_loans']);
    expect(d.loans).toEqual([]);
    expect(turn.reply).toBe('Nothing is out.\n\nI know no reader Cy: add them? (waiting: Lend)');
    expect(turn.segments.at(-1)).toMatchObject({ ok: false, data: { ask: true, reference: 'current_reader', ref: 'Cy', waiting: ['lend', 'lend'] } });
    // The next turn's pointer still means Cy.
    expect(turn.memory.current_reader).toMatchObject({ unresolved: 'Cy' });
    const next = await runActions({ bot: resolving, tools: d.tools, memory: turn.memory, plan: () => [act('lend', { title: 'Emma' })] });
    expect(next.reply).toBe('I know no reader Cy: add them? (waiting: Lend)');
    expect(d.loans).toEqual([]);
  });

  it('on a yes creates the name and runs what waited on it; on a no drops it', async () => {
    const d = library();
    const withCreate = botConfigSchema.parse({
      ...resolving,
      actions: { ...resolving.actions, resolve: { current_reader: { ...resolving.actions!.resolve.current_reader, create: { intent: 'reader_add', slot: 'name', declined: 'Fine.' } } } },
    });
    const first = await runActions({ bot: withCreate, tools: d.tools, memory: current, plan: () => [act('lend', { title: 'Dune', reader: 'Cy' })] });
    const help = () => [act('help')];
    const yes = await runActions({ bot: withCreate, tools: d.tools, memory: first.memory, plan: help, answer: () => true });
    expect(d.calls).toEqual([
      ['add_reader', { name: 'Cy' }],
      ['lend_book', { book: 'Dune', reader: 'r1' }],
    ]);
    expect(yes.reply).toMatch(/^Done:\n- Reader Cy registered/);
    const again = await runActions({ bot: withCreate, tools: d.tools, memory: current, plan: () => [act('lend', { title: 'Emma', reader: 'Di' })] });
    const no = await runActions({ bot: withCreate, tools: d.tools, memory: again.memory, plan: help, answer: () => false });
    expect(no.reply).toBe('Fine.');
    expect(no.memory.current_reader).toEqual({ unresolved: 'Di' });
    expect(d.loans.map((l) => l.title)).toEqual(['Dune']);
  });

  it('lists the candidates when the name fits several', async () => {
    const d = library();
    const turn = await runActions({ bot: resolving, tools: d.tools, memory: current, plan: () => [act('lend', { title: 'Dune', reader: 'Bo' })] });
    expect(turn.reply).toBe('Which Bo: Bo Park, Bo Kim?');
    expect(d.loans).toEqual([]);
  });
});

describe('bot.yaml actions', () => {
  it('must name intents of the bot', () => {
    const raw = { id: 'x', language: 'en', understanding: { fallback: 'a' }, intents: { a: { label: 'A' } }, actions: { intents: { b: { tool: 't' } } } };
    const parsed = checkedBotConfigSchema.safeParse(raw);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path).toEqual(['actions', 'intents', 'b']);
    expect(botConfigSchema.safeParse({ ...raw, actions: { intents: { a: { tool: 't', reply: 'r', vars: { n: 'rows|sum' } } } } }).success).toBe(false);
  });
});
