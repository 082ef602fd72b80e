// Prometheus metrics of one server process (prom-client): the process's default metrics plus turns, stages,
// model calls, handoffs, double texting, webhooks, rate limits and HTTP requests. Every label takes its values
// from a bounded set (bots, their intents and nodes, configured models, route templates): never a session id,
// a user's text or an operator's free-text reason. docs/how-to/deployment.md lists them for dashboards.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Runtime } from '../engine/runtime.ts';
import type { RuntimeSignal } from '../engine/signals.ts';
import { sharedBreakers } from '../llm/circuit-breaker.ts';
import { observeModelCalls, type CallTrace } from '../llm/trace.ts';
import { countPending } from '../store/index.ts';

const FAST = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const MODEL = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60];
const WAIT = [5, 15, 30, 60, 120, 300, 600, 1800, 3600, 4 * 3600, 24 * 3600];
const CIRCUIT = { closed: 0, half_open: 1, open: 2 } as const;

export class Metrics {
  readonly registry = new Registry();
  private detach: (() => void)[] = [];
  /** The label children a turn touches, kept by their label values (see LabelChildren). */
  private children = new LabelChildren(this);

  readonly turns = new Counter({ name: 'switchboard_turns_total', help: 'Customer messages handled, by bot, first intent, outcome, conversation mode after the turn and understanding path', labelNames: ['bot', 'intent', 'outcome', 'mode', 'path'], registers: [this.registry] });
  readonly turnSeconds = new Histogram({ name: 'switchboard_turn_duration_seconds', help: 'Whole turn, from the message to the committed reply (lock wait included)', labelNames: ['bot', 'outcome'], buckets: FAST, registers: [this.registry] });
  readonly stageSeconds = new Histogram({ name: 'switchboard_turn_stage_duration_seconds', help: 'Stages of a turn: understand, each specialist node, tools, narrate, persist', labelNames: ['bot', 'stage', 'node'], buckets: FAST, registers: [this.registry] });
  readonly modelCalls = new Counter({ name: 'switchboard_model_calls_total', help: 'Model requests (retries count), by outcome: ok or the failure reason', labelNames: ['provider', 'model', 'purpose', 'outcome'], registers: [this.registry] });
  readonly modelSeconds = new Histogram({ name: 'switchboard_model_call_duration_seconds', help: 'Latency of one model request', labelNames: ['provider', 'model'], buckets: MODEL, registers: [this.registry] });
  readonly modelTokens = new Counter({ name: 'switchboard_model_tokens_total', help: 'Tokens reported by the provider', labelNames: ['provider', 'model', 'direction'], registers: [this.registry] });
  readonly handoffsStarted = new Counter({ name: 'switchboard_handoffs_started_total', help: 'Conversations handed to a person: by the bot during a turn (conversation) or by an operator', labelNames: ['bot', 'source'], registers: [this.registry] });
  readonly handoffsResolved = new Counter({ name: 'switchboard_handoffs_resolved_total', help: 'Conversations given back to the bot: by an operator, a timeout or a greeting', labelNames: ['bot', 'how'], registers: [this.registry] });
  readonly handoffWait = new Histogram({ name: 'switchboard_handoff_wait_seconds', help: 'From the handoff to an operator taking the conversation (their first reply or take-over)', labelNames: ['bot'], buckets: WAIT, registers: [this.registry] });
  readonly doubleTexting = new Counter({ name: 'switchboard_double_texting_total', help: 'Messages that arrived while their conversation was busy, by policy and decision (queued, merged, rejected)', labelNames: ['bot', 'policy', 'decision'], registers: [this.registry] });
  readonly webhooks = new Counter({ name: 'switchboard_channel_webhooks_total', help: 'Channel webhooks: received (2xx), rejected (4xx: signature, token, body) or failed (5xx)', labelNames: ['channel', 'outcome'], registers: [this.registry] });
  readonly channelMessages = new Counter({ name: 'switchboard_channel_messages_total', help: 'Channel messages taken from webhooks, by kind (text, image, sticker…) and handling (turn, line, record)', labelNames: ['channel', 'kind', 'handling'], registers: [this.registry] });
  readonly channelDeliveries = new Counter({ name: 'switchboard_channel_deliveries_total', help: 'Outgoing channel message parts: sent, failed after retries, or rejected later by the provider', labelNames: ['channel', 'outcome'], registers: [this.registry] });
  readonly channelPresence = new Counter({ name: 'switchboard_channel_presence_total', help: 'Read receipts and typing indicators: sent or failed (best effort, never blocking a reply)', labelNames: ['channel', 'outcome'], registers: [this.registry] });
  readonly rateLimited = new Counter({ name: 'switchboard_rate_limit_rejections_total', help: 'Requests refused by a rate limit (429): per IP on every route, or per IP and conversation on chat', labelNames: ['scope'], registers: [this.registry] });
  readonly httpSeconds = new Histogram({ name: 'switchboard_http_request_duration_seconds', help: 'HTTP requests by method, route template and status code', labelNames: ['method', 'route', 'status'], buckets: FAST, registers: [this.registry] });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'switchboard_model_circuit_state',
      help: "Each model's circuit breaker: 0 closed, 1 half-open, 2 open",
      labelNames: ['model'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [key, breaker] of sharedBreakers()) this.set({ model: key.split('@')[0] }, CIRCUIT[breaker.state]);
      },
    });
    this.detach.push(observeModelCalls((call, failure) => this.modelCall(call, failure)));
  }

  /** Count what `runtime` does: its signals, and the conversations waiting for a person (read at each scrape). */
  attach(runtime: Runtime): void {
    const stages = new StageNames(runtime);
    this.detach.push(runtime.signals.on((s) => this.signal(s, stages)));
    let pending = 0;
    new Gauge({
      name: 'switchboard_handoffs_pending',
      help: 'Conversations waiting for a person now (handoff_pending), all processes: the same value on every replica',
      registers: [this.registry],
      async collect() {
        // A failed read keeps the last value: the scrape still answers while the database is away.
        pending = await countPending(runtime.db).catch(() => pending);
        this.set(pending);
      },
    });
  }

  private signal(s: RuntimeSignal, stages: StageNames): void {
    switch (s.type) {
      case 'turn':
        return this.countTurn(s);
      case 'turn_stages':
        return this.timeStages(s, stages);
      case 'mode':
        return this.countModeChange(s);
      case 'double_texting':
        this.doubleTexting.inc({ bot: s.bot, policy: s.policy, decision: s.decision });
        return;
      case 'channel_message':
        this.channelMessages.inc({ channel: s.channel, kind: s.kind, handling: s.handling });
        return;
      case 'channel_delivery':
        this.channelDeliveries.inc({ channel: s.channel, outcome: s.outcome });
        return;
      case 'channel_presence':
        this.channelPresence.inc({ channel: s.channel, outcome: s.outcome });
        return;
    }
  }

  private countTurn(s: Extract<RuntimeSignal, { type: 'turn' }>): void {
    this.children.turns(s.bot, s.intent || 'none', s.outcome, s.mode || 'unknown', s.path || 'none').inc();
    this.children.turnSeconds(s.bot, s.outcome).observe(s.ms / 1000);
    if (s.outcome === 'handoff') this.handoffsStarted.inc({ bot: s.bot, source: 'conversation' });
  }

  private timeStages(s: Extract<RuntimeSignal, { type: 'turn_stages' }>, stages: StageNames): void {
    for (const t of s.trace) this.children.stage(s.bot, t.node, stages)?.observe(t.ms / 1000);
    this.children.stage(s.bot, 'persist', stages, 'persist')?.observe(s.persistMs / 1000);
  }

  /** Handoffs an operator started, the wait until a person took one, and conversations given back to the bot. */
  private countModeChange(s: Extract<RuntimeSignal, { type: 'mode' }>): void {
    if (s.to === 'handoff_pending' || (s.to === 'human' && s.from === 'bot')) this.handoffsStarted.inc({ bot: s.bot, source: 'operator' });
    if (s.to === 'human' && s.from === 'handoff_pending' && s.handoffAt) this.handoffWait.observe({ bot: s.bot }, Math.max(0, Date.now() - s.handoffAt.getTime()) / 1000);
    if (s.to === 'bot' && s.from !== 'bot') this.handoffsResolved.inc({ bot: s.bot, how: s.reason === 'timeout' || s.reason === 'greeting' ? s.reason : 'operator' });
  }

  private modelCall(call: CallTrace, failure: string | undefined): void {
    const [provider, ...rest] = call.model.split(':');
    const model = rest.join(':');
    this.modelCalls.inc({ provider, model, purpose: call.purpose, outcome: call.ok ? 'ok' : (failure ?? 'error') });
    if (failure !== 'circuit_open') this.modelSeconds.observe({ provider, model }, call.latencyMs / 1000);
    if (call.inputTokens) this.modelTokens.inc({ provider, model, direction: 'input' }, call.inputTokens);
    if (call.outputTokens) this.modelTokens.inc({ provider, model, direction: 'output' }, call.outputTokens);
  }

  /** HTTP requests, webhooks and rate-limit refusals, from one onResponse hook (registered before the routes). */
  observeHttp(app: FastifyInstance): void {
    app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      this.httpSeconds.observe({ method: req.method, route, status: String(status) }, reply.elapsedTime / 1000);
      if (status === 429 && reply.getHeader('retry-after') !== undefined) this.rateLimited.inc({ scope: route.endsWith('/chat') ? 'chat' : 'global' });
      // Channel routes are /webhooks/<channel>/…; the verification GET is not a delivery.
      if (req.method === 'POST' && route.startsWith('/webhooks/')) {
        this.webhooks.inc({ channel: route.split('/')[2] ?? 'unknown', outcome: status < 400 ? 'received' : status < 500 ? 'rejected' : 'failed' });
      }
    });
  }

  close(): void {
    for (const d of this.detach.splice(0)) d();
  }
}

type Observer = { observe(value: number): void };

/**
 * The per-turn series' children, made once per label combination and kept: a turn builds no labels object and
 * looks up no stage name per observation. Every label is bounded (bots, their intents and nodes), so the map
 * stays as small as the series themselves. A node that is no stage (the trace's own persist entry) is kept as null.
 */
class LabelChildren {
  private cache = new Map<string, unknown>();
  constructor(private m: Metrics) {}

  private get<T>(key: string, make: () => T): T {
    let child = this.cache.get(key) as T | undefined;
    if (child === undefined) this.cache.set(key, (child = make()));
    return child;
  }

  turns(bot: string, intent: string, outcome: string, mode: string, path: string): { inc(): void } {
    return this.get(`t\0${bot}\0${intent}\0${outcome}\0${mode}\0${path}`, () => this.m.turns.labels({ bot, intent, outcome, mode, path }));
  }

  turnSeconds(bot: string, outcome: string): Observer {
    return this.get(`d\0${bot}\0${outcome}`, () => this.m.turnSeconds.labels({ bot, outcome }));
  }

  /** The stage histogram's child for a trace node; `stage` given for the persist write (measured around it). */
  stage(bot: string, node: string, stages: StageNames, stage?: string): Observer | null {
    return this.get(`s\0${bot}\0${node}\0${stage ?? ''}`, () => {
      const name = stage ?? stages.of(bot, node);
      return name ? this.m.stageSeconds.labels({ bot, stage: name, node }) : null;
    });
  }
}

/** Which stage a trace entry's node is, for a bot (its understand and narrate nodes may have their own names). */
class StageNames {
  private cache = new Map<string, { understand: string; narrate: string }>();
  constructor(private runtime: Runtime) {}

  of(bot: string, node: string): string | undefined {
    if (node === 'persist') return undefined; // measured around the whole write instead
    if (node.startsWith('tool:')) return 'tool';
    let names = this.cache.get(bot);
    if (!names) {
      const custom = this.runtime.bots.get(bot)?.definition.nodeNames;
      names = { understand: custom?.understand ?? 'understand', narrate: custom?.narrate ?? 'narrate' };
      this.cache.set(bot, names);
    }
    return node === names.understand ? 'understand' : node === names.narrate ? 'narrate' : 'specialist';
  }
}
