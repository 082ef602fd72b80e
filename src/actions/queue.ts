// The action queue of a bot that does several things per message: a plan of actions (intent + slots) → each run
// by the tool bot.yaml names for its intent, with arguments taken from its slots and from the references earlier
// actions left (the current lead, the last proposal) → what each result means remembered for the next actions
// and turns → at most one re-plan when the queue runs dry while the message still asks for more → one reply
// from per-outcome templates (one outcome as is; several listed under "done" and "failed" headings).
import type { BotConfig } from '../bot/config.ts';
import type { Segment } from '../engine/types.ts';
import { actionsSchema, type ActionIntentConfig, type ActionsConfig, type ResolveConfig } from './schema.ts';
import { referenceOf, remember, toolArgs, type Remembered } from './references.ts';
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

  private ask(ref: string, spec: ResolveConfig, found: Unresolved, action: A): void {
    const key = `${ref}\u0000${found.unresolved}`;
    const q = this.questions.get(key) ?? { ref, spec, name: found.unresolved, candidates: found.candidates ?? [], waiting: [] };
    q.waiting.push(action);
    this.questions.set(key, q);
  }

  /**
   * The references an action names (a slot of `resolve.<ref>.named` its args read), found before it runs by the
   * resolve tool, the slot then holding the row's id; a pointer to one (an argument reading a naming slot, else
   * `$ref`) after a name that was not found waits on that name. Null when the action waits on a question.
   */
  private async resolve(action: A, spec: ActionIntentConfig): Promise<Vars | null> {
    const slots = { ...(action.slots as Vars) };
    const lists = Object.values(spec.args ?? {}).map((from) => [from].flat());
    for (const [ref, how] of Object.entries(this.config.resolve)) {
      if (!(await this.resolveRef(ref, how, lists, slots, action))) return null;
    }
    return slots;
  }

  /** One reference of an action, `slots` changed as it is found. False when the action waits on a question. */
  private async resolveRef(ref: string, how: ResolveConfig, lists: string[][], slots: Vars, action: A): Promise<boolean> {
    const memory = this.memory;
    const isRef = (s: string) => s === `$${ref}` || s.startsWith(`$${ref}.`);
    const sources = lists.flat();
    const points = lists.some((list) => list.some(isRef) && list.some((s) => how.named.includes(s)));
    const given = how.named.filter((name) => sources.includes(name) && hasValue(slots[name]));
    const slot = given[0];
    if (slot === undefined) {
      // A pointer ("ele") after a name that was not found means that name, never an older row.
      const pending = unresolvedOf(memory[ref]);
      if (!pending || !points) return true;
      this.ask(ref, how, pending, action);
      return false;
    }
    // `refs`: every name the request gave it, in order (a planner's id and the name beside it).
    const found = await this.lookUp(ref, how, slots[slot], given.map((name) => slots[name]));
    if (!found.matches.length && how.loose.includes(slot) && !points) {
      delete slots[slot];
      return true;
    }
    if (found.matches.length !== 1) {
      const unresolved: Unresolved = { unresolved: found.name, ...(found.matches.length ? { candidates: found.matches.map((r) => String(r[how.label] ?? r.id)) } : {}) };
      memory[ref] = unresolved;
      this.ask(ref, how, unresolved, action);
      return false;
    }
    // Found: the slot that named it holds its id, and it is the one a pointer means from now on.
    const [match] = found.matches;
    for (const name of how.named) delete slots[name];
    slots[slot] = match.id ?? Object.values(match)[0];
    memory[ref] = match;
    return true;
  }

  /** The rows the resolve tool finds for a name, as references, and the name as the tool read it. */
  private async lookUp(ref: string, how: ResolveConfig, named: unknown, refs: unknown[]): Promise<{ name: string; matches: Vars[] }> {
    const tool = this.run.tools[how.tool];
    if (!tool) throw new Error(`no tool '${how.tool}'`);
    const found = await tool({ ref: named, refs }, { reply: (keyOrText, vars = {}) => this.text(keyOrText, vars) });
    const rows = (Array.isArray(found.matches) ? found.matches : []) as Vars[];
    const matches = rows.map((row) => referenceOf(this.config, ref, row)).filter((r): r is Vars => r !== null);
    return { name: String(found.ref ?? named), matches };
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
    const memory: Remembered = (this.memory = { ...run.memory });
    const segments: Segment[] = [];
    const executed: A[] = [];
    const pending = await this.firstActions(segments);
    await this.runPending(pending, executed, segments);
    const missing = this.stillMissing(pending, executed);
    const replanned = missing.length > 0;
    if (replanned) await this.runPending(await this.replanFor(missing), executed, segments);
    const questions = this.questionSegments();
    this.rememberWaiting();
    if (!segments.length && !questions.length) {
      const nothing = config.nothing ?? run.bot.understanding.fallback;
      segments.push({ intent: nothing, text: this.text(nothing, {}), ok: true });
    }
    segments.push(...questions);
    return { reply: this.aggregate(segments), segments, memory, executed, replanned };
  }

  /**
   * The first plan. A message that asks nothing but answers the question of a name not found: create it and run
   * what waited, or drop it (the no's reply added to `segments`).
   */
  private async firstActions(segments: Segment[]): Promise<A[]> {
    const { understanding } = this.run.bot;
    const planned = cloned(await this.run.plan());
    const asksNothing = planned.every((a) => understanding.exclusive.includes(a.intent) || a.intent === understanding.fallback);
    const answered = asksNothing ? this.answered(this.run.answer?.()) : undefined;
    if (!answered) return planned;
    if (answered.declined) segments.push({ intent: answered.declined.intent, text: this.text(answered.declined.reply, {}), ok: true });
    return answered.actions;
  }

  /** Run the pending actions in order (taking them off `pending`) while the turn has room for more. */
  private async runPending(pending: A[], executed: A[], segments: Segment[]): Promise<void> {
    while (pending.length && executed.length < this.config.maxPerTurn) {
      const action = pending.shift()!;
      executed.push(action);
      const segment = await this.runOne(action, this.memory);
      if (segment) segments.push(segment);
    }
  }

  /** What the message asks that no action did, when the bot re-plans and the queue ran dry with room left. */
  private stillMissing(pending: A[], executed: A[]): A[] {
    const { run, config } = this;
    if (!config.replan || !run.asked || pending.length || executed.length >= config.maxPerTurn) return [];
    return uncovered(run.asked(), executed, run.bot.understanding.exclusive);
  }

  /** The planner's actions for what is missing (only those), then the local reading's for what it left out. */
  private async replanFor(missing: A[]): Promise<A[]> {
    let next: A[] = [];
    try {
      if (this.run.replan) next = onlyMissing(await this.run.replan({ ...this.memory }), missing);
    } catch {
      next = []; // a failing planner leaves the rest to the local reading
    }
    return [...next, ...cloned(uncovered(missing, next))];
  }

  /** Each question's waiting actions, kept beside its name in memory for a later "yes". */
  private rememberWaiting(): void {
    for (const q of this.questions.values()) {
      const marker = unresolvedOf(this.memory[q.ref]);
      if (marker?.unresolved === q.name) this.memory[q.ref] = { ...marker, waiting: q.waiting.map((a) => ({ intent: a.intent, slots: a.slots })) };
    }
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

