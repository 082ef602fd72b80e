// The action queue of a bot that does several things per message: a plan of actions (intent + slots) → each run
// by the tool bot.yaml names for its intent, with arguments taken from its slots and from the references earlier
// actions left (the current lead, the last proposal) → what each result means remembered for the next actions
// and turns → at most one re-plan when the queue runs dry while the message still asks for more → one reply
// from per-outcome templates (one outcome as is; several listed under "done" and "failed" headings).
import type { BotConfig } from '../bot/config.ts';
import type { Segment } from '../engine/types.ts';
import { actionsSchema, type ActionIntentConfig, type ActionsConfig, type ResolveConfig } from './schema.ts';
import { fill, hasValue, renderVars, textOf, type RenderOptions, type Vars } from './template.ts';

/** A planned action: the intent and its slots. */
export interface QueuedAction {
  intent: string;
  /** The slots by name (any object: a bot's own slot type). */
  slots: object;
}

/**
 * A failure the user should read; any other error is reported as unexpected. The message is a reply key of the
 * bot (filled with `vars`: `new ActionError('lead_unknown', { ref })`) or, when the bot has no such reply, the text.
 */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly vars: Vars = {},
  ) {
    super(message);
  }
}

/** What a tool may use of the bot: its replies (`reply('default_title', { name })`: a key or text, filled). */
export interface ToolContext {
  reply: (keyOrText: string, vars?: Vars) => string;
}

/** A tool: arguments in, the result's fields out (ids, names, lists); throws ActionError on a failure. */
export type ActionTool = (args: Record<string, unknown>, tool: ToolContext) => Promise<Vars>;

/** Remembered references by name (`lead_atual: { id, nome }`). */
type Remembered = Record<string, unknown>;

export type ActionEvent = { type: 'tool_start'; tool: string; label?: string; input: unknown } | { type: 'tool_end'; tool: string; output: unknown };

export interface ActionRun<A extends QueuedAction = QueuedAction> {
  /**
   * The bot: `actions`, `replies`, `language`, `timeZone`, `understanding.exclusive`/`fallback`, `toolLabels`;
   * `intents` for the labels of actions waiting on a question.
   */
  bot: Pick<BotConfig, 'actions' | 'replies' | 'language' | 'timeZone' | 'understanding' | 'toolLabels'> & Partial<Pick<BotConfig, 'intents'>>;
  tools: Record<string, ActionTool>;
  /** What earlier turns remembered. */
  memory: Remembered;
  /** The first plan. */
  plan: () => Promise<A[]> | A[];
  /** What the message asks as read without a model: the checklist a re-plan completes (none: never re-plan). */
  asked?: () => A[];
  /** A second plan for what is still missing (the planner again, with what is remembered now). */
  replan?: (memory: Remembered) => Promise<A[]>;
  emit?: (event: ActionEvent) => void;
  /** The message's yes or no, if it says one: the answer to a question of `actions.resolve` (`create`). */
  answer?: () => boolean | undefined;
}

export interface ActionTurn<A extends QueuedAction = QueuedAction> {
  reply: string;
  /** The outcomes, then the questions asked instead of running an action (`data.ask`). */
  segments: Segment[];
  memory: Remembered;
  executed: A[];
  replanned: boolean;
}

const cloned = <A extends QueuedAction>(actions: A[]): A[] => actions.map((a) => ({ ...a, slots: { ...a.slots } }));

/** The actions of `wanted` not yet matched by one of `done`, counted per intent (`exclusive` intents never count). */
export function uncovered<A extends QueuedAction>(wanted: A[], done: QueuedAction[], exclusive: string[] = []): A[] {
  const budget = new Map<string, number>();
  for (const a of done) budget.set(a.intent, (budget.get(a.intent) ?? 0) + 1);
  return wanted.filter((a) => {
    if (exclusive.includes(a.intent)) return false;
    const left = budget.get(a.intent) ?? 0;
    budget.set(a.intent, left - 1);
    return left <= 0;
  });
}

/** Keep only actions whose intent is still missing (never a second copy of a done action). */
function onlyMissing<A extends QueuedAction>(actions: A[], missing: QueuedAction[]): A[] {
  const budget = new Map<string, number>();
  for (const a of missing) budget.set(a.intent, (budget.get(a.intent) ?? 0) + 1);
  return actions.filter((a) => {
    const left = budget.get(a.intent) ?? 0;
    budget.set(a.intent, left - 1);
    return left > 0;
  });
}

/** A source's value: `$ref.field` from what is remembered, else the slot of that name. */
function source(name: string, slots: Vars, memory: Remembered): unknown {
  if (!name.startsWith('$')) return slots[name];
  const [ref, key = 'id'] = name.slice(1).split('.');
  const remembered = memory[ref];
  return remembered && typeof remembered === 'object' ? (remembered as Vars)[key] : undefined;
}

function firstOf(names: string | string[], read: (name: string) => unknown): unknown {
  for (const name of [names].flat()) {
    const v = read(name);
    if (hasValue(v)) return v;
  }
  return undefined;
}

/** The tool's arguments: each from its sources, or the slots as they are. */
function toolArgs(spec: ActionIntentConfig, planned: object, memory: Remembered): Vars {
  const slots = planned as Vars;
  if (!spec.args) return { ...slots };
  const out: Vars = {};
  for (const [arg, from] of Object.entries(spec.args)) {
    const v = firstOf(from, (name) => source(name, slots, memory));
    if (v !== undefined) out[arg] = v;
  }
  return out;
}

/** Reference `ref` as the row `result` describes (its `remember` fields), or null when one is missing. */
function referenceOf(config: ActionsConfig, ref: string, result: Vars): Vars | null {
  const value: Vars = {};
  for (const [key, from] of Object.entries(config.remember[ref] ?? {})) value[key] = firstOf(from, (name) => result[name]);
  return Object.keys(value).length && Object.values(value).every(hasValue) ? value : null;
}

/** What a result leaves behind: each reference whose every field the result carries. */
function remember(config: ActionsConfig, result: Vars, memory: Remembered): void {
  for (const ref of Object.keys(config.remember)) {
    const value = referenceOf(config, ref, result);
    if (value) memory[ref] = value;
  }
}

/** A reference named but not found (or found several times): what a pointer to it means until another is named. */
interface Unresolved {
  unresolved: string;
  candidates?: string[];
  /** The actions waiting on it (kept across turns for a "yes"). */
  waiting?: QueuedAction[];
}

const unresolvedOf = (v: unknown): Unresolved | null =>
  v && typeof v === 'object' && typeof (v as Unresolved).unresolved === 'string' ? (v as Unresolved) : null;

/** A question asked instead of running the actions waiting on it. */
interface Question<A> {
  ref: string;
  spec: ResolveConfig;
  name: string;
  candidates: string[];
  waiting: A[];
}

class ActionQueue<A extends QueuedAction = QueuedAction> {
  readonly config: ActionsConfig;
  private readonly render: RenderOptions;

  constructor(private readonly run: ActionRun<A>) {
    this.config = run.bot.actions ?? actionsSchema.parse({});
    this.render = { replies: run.bot.replies, language: run.bot.language, timeZone: run.bot.timeZone, currency: this.config.currency };
  }

  private text(keyOrText: string, vars: Vars): string {
    return fill(textOf(keyOrText, this.render.replies), vars);
  }

  /** The success reply: `empty` when its list is empty, else `reply` (its key may hold placeholders). */
  private success(action: A, spec: ActionIntentConfig, result: Vars): Segment | null {
    const vars = renderVars(spec.vars, { ...action.slots, ...result }, this.render);
    const empty = spec.empty && !hasValue(result[spec.empty.when]) ? spec.empty.reply : undefined;
    const key = empty ?? spec.reply ?? (this.render.replies[action.intent] !== undefined ? action.intent : undefined);
    if (!key) return null;
    return { intent: action.intent, text: this.text(fill(key, vars), vars), ok: true, data: result };
  }

  /** An ActionError's reason: the reply its message names, filled with its vars, else the message as it is. */
  private reason(err: ActionError): string {
    return this.render.replies[err.message] !== undefined ? this.text(err.message, err.vars) : err.message;
  }

  private failure(action: A, spec: ActionIntentConfig | undefined, reason: string): Segment {
    const text = this.text(spec?.failure ?? this.config.failure, { ...action.slots, reason, intent: action.intent });
    return { intent: action.intent, text, ok: false, data: { error: reason } };
  }

  private readonly questions = new Map<string, Question<A>>();
  /** What is remembered, as the turn's actions change it. */
  private memory: Remembered = {};

  private ask(ref: string, spec: ResolveConfig, found: Unresolved, action: A): null {
    const key = `${ref}\u0000${found.unresolved}`;
    const q = this.questions.get(key) ?? { ref, spec, name: found.unresolved, candidates: found.candidates ?? [], waiting: [] };
    q.waiting.push(action);
    this.questions.set(key, q);
    return null;
  }

  /**
   * The references an action names (a slot of `resolve.<ref>.named` its args read), found before it runs by the
   * resolve tool, the slot then holding the row's id; a pointer to one (an argument reading a naming slot, else
   * `$ref`) after a name that was not found waits on that name. Null when the action waits on a question.
   */
  private async resolve(action: A, spec: ActionIntentConfig): Promise<Vars | null> {
    const slots = { ...(action.slots as Vars) };
    const memory = this.memory;
    const lists = Object.values(spec.args ?? {}).map((from) => [from].flat());
    for (const [ref, how] of Object.entries(this.config.resolve)) {
      const isRef = (s: string) => s === `$${ref}` || s.startsWith(`$${ref}.`);
      const sources = lists.flat();
      const points = lists.some((list) => list.some(isRef) && list.some((s) => how.named.includes(s)));
      const slot = how.named.find((name) => sources.includes(name) && hasValue(slots[name]));
      if (slot === undefined) {
        // A pointer ("ele") after a name that was not found means that name, never an older row.
        const pending = unresolvedOf(memory[ref]);
        if (pending && points) return this.ask(ref, how, pending, action);
        continue;
      }
      const named = slots[slot];
      const tool = this.run.tools[how.tool];
      if (!tool) throw new Error(`no tool '${how.tool}'`);
      // `refs`: every name the request gave it, in order (a planner's id and the name beside it).
      const refs = how.named.filter((name) => sources.includes(name) && hasValue(slots[name])).map((name) => slots[name]);
      const found = await tool({ ref: named, refs }, { reply: (keyOrText, vars = {}) => this.text(keyOrText, vars) });
      const rows = (Array.isArray(found.matches) ? found.matches : []) as Vars[];
      const matches = rows.map((row) => referenceOf(this.config, ref, row)).filter((r): r is Vars => r !== null);
      if (!matches.length && how.loose.includes(slot) && !points) {
        delete slots[slot];
        continue;
      }
      if (matches.length !== 1) {
        const unresolved: Unresolved = { unresolved: String(found.ref ?? named), ...(matches.length ? { candidates: matches.map((r) => String(r[how.label] ?? r.id)) } : {}) };
        memory[ref] = unresolved;
        return this.ask(ref, how, unresolved, action);
      }
      // Found: the slot that named it holds its id, and it is the one a pointer means from now on.
      for (const name of how.named) delete slots[name];
      slots[slot] = matches[0].id ?? Object.values(matches[0])[0];
      memory[ref] = matches[0];
    }
    return slots;
  }

  /** The answer to a `missing` question kept in memory: the actions a yes runs, or a no's reply. */
  private answered(yes: boolean | undefined): { actions: A[]; declined?: { intent: string; reply: string } } | undefined {
    if (yes === undefined) return undefined;
    for (const [ref, how] of Object.entries(this.config.resolve)) {
      const marker = unresolvedOf(this.memory[ref]);
      if (!how.create || !marker?.waiting?.length || marker.candidates?.length) continue;
      this.memory[ref] = { unresolved: marker.unresolved };
      if (!yes) return { actions: [], declined: { intent: how.create.intent, reply: how.create.declined } };
      const create = { intent: how.create.intent, slots: { [how.create.slot]: marker.unresolved } } as unknown as A;
      return { actions: cloned([create, ...(marker.waiting as A[])]) };
    }
    return undefined;
  }

  /** The questions of the turn, each with the labels of the actions waiting on it. */
  private questionSegments(): Segment[] {
    return [...this.questions.values()].map((q) => {
      const waiting = [...new Set(q.waiting.map((a) => this.run.bot.intents?.[a.intent]?.label ?? a.intent))].join(', ');
      const vars = { ref: q.name, candidates: q.candidates.join(', '), waiting };
      const text = this.text(q.candidates.length ? q.spec.ambiguous : q.spec.missing, vars);
      return { intent: q.waiting[0].intent, text, ok: false, data: { ask: true, reference: q.ref, ...vars, waiting: q.waiting.map((a) => a.intent) } };
    });
  }

  /** Run one action: its tool with its arguments, then what the result means (remembered, narrated). */
  private async runOne(action: A, memory: Remembered): Promise<Segment | null> {
    const spec = this.config.intents[action.intent];
    if (!spec) return this.failure(action, spec, this.text(this.config.unexpected, { error: `no action for '${action.intent}'` }));
    if (!spec.tool) return this.success(action, spec, {});
    const tool = this.run.tools[spec.tool];
    let resolved: Vars | null;
    try {
      resolved = await this.resolve(action, spec);
    } catch (err) {
      const reason = err instanceof ActionError ? this.reason(err) : this.text(this.config.unexpected, { error: err instanceof Error ? err.message : String(err) });
      return this.failure(action, spec, reason);
    }
    if (!resolved) return null;
    const args = toolArgs(spec, resolved, memory);
    this.run.emit?.({ type: 'tool_start', tool: spec.tool, label: this.run.bot.toolLabels[spec.tool], input: args });
    let result: Vars;
    try {
      if (!tool) throw new Error(`no tool '${spec.tool}'`);
      result = await tool(args, { reply: (keyOrText, vars = {}) => this.text(keyOrText, vars) });
    } catch (err) {
      const reason = err instanceof ActionError ? this.reason(err) : this.text(this.config.unexpected, { error: err instanceof Error ? err.message : String(err) });
      this.run.emit?.({ type: 'tool_end', tool: spec.tool, output: { error: reason } });
      return this.failure(action, spec, reason);
    }
    this.run.emit?.({ type: 'tool_end', tool: spec.tool, output: result });
    remember(this.config, result, memory);
    return this.success(action, spec, result);
  }

  /** The whole queue: plan, run, re-plan at most once, one reply. */
  async execute(): Promise<ActionTurn<A>> {
    const { run, config } = this;
    const exclusive = run.bot.understanding.exclusive;
    const memory: Remembered = (this.memory = { ...run.memory });
    const segments: Segment[] = [];
    const executed: A[] = [];
    let pending = cloned(await run.plan());
    // A message that asks nothing but answers the question of a name not found: create it and run what waited, or drop it.
    const answered = pending.every((a) => exclusive.includes(a.intent) || a.intent === run.bot.understanding.fallback) ? this.answered(run.answer?.()) : undefined;
    if (answered?.declined) segments.push({ intent: answered.declined.intent, text: this.text(answered.declined.reply, {}), ok: true });
    if (answered) pending = answered.actions;
    let replanned = false;
    let asked: A[] | undefined;
    for (;;) {
      while (pending.length && executed.length < config.maxPerTurn) {
        const action = pending.shift()!;
        executed.push(action);
        const segment = await this.runOne(action, memory);
        if (segment) segments.push(segment);
      }
      if (replanned || !config.replan || !run.asked || pending.length || executed.length >= config.maxPerTurn) break;
      const missing = uncovered((asked ??= run.asked()), executed, exclusive);
      if (!missing.length) break;
      replanned = true;
      let next: A[] = [];
      try {
        if (run.replan) next = onlyMissing(await run.replan({ ...memory }), missing);
      } catch {
        next = []; // a failing planner leaves the rest to the local reading
      }
      pending = [...next, ...cloned(uncovered(missing, next))];
    }
    const questions = this.questionSegments();
    for (const q of this.questions.values()) {
      const marker = unresolvedOf(memory[q.ref]);
      if (marker?.unresolved === q.name) memory[q.ref] = { ...marker, waiting: q.waiting.map((a) => ({ intent: a.intent, slots: a.slots })) };
    }
    if (!segments.length && !questions.length) {
      const nothing = config.nothing ?? run.bot.understanding.fallback;
      segments.push({ intent: nothing, text: this.text(nothing, {}), ok: true });
    }
    segments.push(...questions);
    return { reply: this.aggregate(segments), segments, memory, executed, replanned };
  }

  /** One outcome: its text. Several: the done ones under `done`, the failed ones under `failed`; then the questions. */
  aggregate(segments: Segment[]): string {
    const asks = segments.filter(isQuestion);
    const outcomes = segments.filter((s) => !isQuestion(s));
    const section = (heading: string, list: Segment[]) =>
      list.length ? [[textOf(heading, this.render.replies), ...list.map((s) => `- ${s.text}`)].join('\n')] : [];
    const told = outcomes.length <= 1 ? outcomes.map((s) => s.text) : [...section(this.config.done, outcomes.filter((s) => s.ok)), ...section(this.config.failed, outcomes.filter((s) => !s.ok))];
    return [...told, ...asks.map((s) => s.text)].join('\n\n');
  }
}

const isQuestion = (s: Segment) => Boolean(s.data && typeof s.data === 'object' && (s.data as { ask?: boolean }).ask);

/** Run a message's actions (see ActionQueue). */
export function runActions<A extends QueuedAction>(run: ActionRun<A>): Promise<ActionTurn<A>> {
  return new ActionQueue(run).execute();
}

