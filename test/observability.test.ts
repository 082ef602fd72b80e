// Metrics, traces, logs and readiness of the real server after real turns: model turns against the fake model
// server, a handoff taken and given back by an operator, a rejected webhook, a rate-limited message. /metrics
// is parsed with a Prometheus text-format parser; spans are collected with the SDK's in-memory exporter.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import parsePrometheusTextFormat, { type PromFamily } from 'parse-prometheus-text-format';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannels, channelsConfigFromEnv } from '../src/channels/index.ts';
import { Runtime } from '../src/engine/index.ts';
import { modelBindingFor } from '../src/llm/index.ts';
import { createLogger, setupObservability, type Observability } from '../src/observability/index.ts';
import { buildServer } from '../src/server/index.ts';
import { openTestDatabase, type Database } from '../src/store/index.ts';
import { startFakeLlmServer, type FakeLlmServer } from './support/fake-llm-server.ts';
import { postJson } from './support/process.ts';

const ADMIN = 'obs-admin';
const OPERATOR = 'obs-operator';
const METRICS_TOKEN = 'obs-metrics';
const CHAT_LIMIT = 6;

let fake: FakeLlmServer;
let db: Database;
let runtime: Runtime;
let obs: Observability;
let app: FastifyInstance;
let base: string;
const spans = new InMemorySpanExporter();
const logLines: string[] = [];

const op = { authorization: `Bearer ${OPERATOR}` };
const chat = (bot: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => postJson(`${base}/api/bots/${bot}/chat`, body, headers);

async function scrape(token = METRICS_TOKEN): Promise<PromFamily[]> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusTextFormat(await res.text());
}

const matches = (have: Partial<Record<string, string | number>> | undefined, want: Record<string, string>) => Object.entries(want).every(([k, v]) => String(have?.[k]) === v);

/** The value of the counter or gauge `name` over the samples whose labels include `labels`, 0 when absent. */
function value(families: PromFamily[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  expect(family?.type === 'HISTOGRAM', `${name} is a histogram: use observations()`).toBe(false);
  return (family?.metrics ?? []).filter((m) => matches(m.labels, labels)).reduce((sum, m) => sum + Number(m.value ?? 0), 0);
}

/**
 * How many observations the histogram `name` has under `labels`. The text parser folds a histogram's label
 * sets into one, so the counts are read from the registry's JSON; the scrape shows the family is there.
 */
async function observations(families: PromFamily[], name: string, labels: Record<string, string> = {}): Promise<number> {
  expect(families.find((f) => f.name === name)?.type).toBe('HISTOGRAM');
  const { values } = await obs.metrics.registry.getSingleMetric(name)!.get();
  return (values as { metricName?: string; labels: Partial<Record<string, string | number>>; value: number }[]).filter((v) => v.metricName === `${name}_count` && matches(v.labels, labels)).reduce((sum, v) => sum + v.value, 0);
}

beforeAll(async () => {
  fake = await startFakeLlmServer();
  fake.respond = (req) => (/\[INTENT:|etiqueta|INTENT:/.test(req.text) && !req.forcedTool ? { text: '[INTENT:problema_entrega] Uh, qué bajón. Ya le aviso a Mauri.' } : { json: { intents: ['trial'], general_response: '' } });
  db = await openTestDatabase();
  const env = { SWITCHBOARD_MODEL: 'openai:gpt-4o-mini', OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test', SWITCHBOARD_LLM_TIMEOUT_MS: '5000', SWITCHBOARD_METRICS_TOKEN: METRICS_TOKEN };
  runtime = await Runtime.create({ db, only: ['ct-smash', 'la-formula'], modelFactory: modelBindingFor, env });
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  obs = await setupObservability({ runtime, adminToken: ADMIN, env, logger: createLogger({ env, stream }), spanExporter: spans });
  const channels = createChannels(runtime, { ...channelsConfigFromEnv({ WHATSAPP_APP_SECRET: 'whatsapp-secret', WHATSAPP_TOKEN: 'graph-token' }), log: () => {} });
  app = await buildServer({
    runtime,
    auth: { adminToken: ADMIN, operatorToken: OPERATOR },
    instrument: obs.instrument,
    probes: obs.probes,
    logging: obs.logging,
    plugins: [channels.routes],
    rateLimitPerMinute: 100_000,
    chatRateLimitPerMinute: CHAT_LIMIT,
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await obs?.close();
  await db?.close();
  await fake?.close();
});

describe('readiness', () => {
  it('is separate from liveness: not ready until the classifiers are warm', async () => {
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const cold = await fetch(`${base}/api/ready`);
    expect(cold.status).toBe(503);
    expect(await cold.json()).toMatchObject({ ready: false, checks: { database: true, migrations: true, bots: true, classifiers: false, accepting: true } });
    await obs.readiness.track(runtime.warmUp(0, 0));
    const warm = await fetch(`${base}/api/ready`);
    expect(warm.status).toBe(200);
    expect(await warm.json()).toMatchObject({ ready: true, bots: ['ct-smash', 'la-formula'] });
  });
});

describe('/metrics after real turns', () => {
  it('needs the admin token or the metrics token', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: op })).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })).status).toBe(200);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
  });

  it('counts turns, stages, model calls, handoffs, double texting, webhooks and rate limits', async () => {
    fake.requests.length = 0;
    // Model turns: ct-smash understands through the model; the second message of its conversation queues
    // behind the first (double texting 'queue').
    const first = await chat('ct-smash', { message: 'quero marcar uma aula experimental' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ intents: ['trial'], path: 'llm' });
    const session = { sessionId: first.body.sessionId, sessionToken: first.body.sessionToken };
    fake.respond = () => ({ delayMs: 150, json: { intents: ['trial'], general_response: '' } });
    const burst = await Promise.all([chat('ct-smash', { ...session, message: 'amanhã' }), chat('ct-smash', { ...session, message: 'às 19h' })]);
    expect(burst.map((r) => r.status)).toEqual([200, 200]);

    // A handoff: la-formula's tagged reply hands the conversation to a person.
    fake.respond = () => ({ text: '[INTENT:problema_entrega] Uh, qué bajón. Ya le aviso a Mauri.' });
    const handoff = await chat('la-formula', { message: 'me mandaron otra cosa en el pedido' });
    expect(handoff.body).toMatchObject({ handoff: true, mode: 'handoff_pending' });
    const during = await scrape();
    expect(value(during, 'switchboard_handoffs_pending')).toBe(1);

    // An operator answers (takes it), then gives it back.
    expect((await postJson(`${base}/api/sessions/${handoff.body.sessionId}/reply`, { message: 'Hola, soy Mauri' }, op)).status).toBe(200);
    expect((await postJson(`${base}/api/sessions/${handoff.body.sessionId}/handoff`, { mode: 'bot' }, op)).status).toBe(200);

    // A webhook with a bad signature.
    expect((await postJson(`${base}/webhooks/whatsapp/la-formula`, { object: 'whatsapp_business_account', entry: [] }, { 'x-hub-signature-256': 'sha256=00' })).status).toBe(401);

    // Messages of one conversation until the per-conversation rate limit refuses one.
    fake.respond = () => ({ json: { intents: ['trial'], general_response: '' } });
    const statuses: number[] = [];
    for (let i = 0; i < CHAT_LIMIT + 1 && !statuses.includes(429); i++) statuses.push((await chat('ct-smash', { ...session, message: 'ok' })).status);
    expect(statuses.at(-1)).toBe(429);
    const ctTurns = 1 + 2 + statuses.filter((s) => s === 200).length;

    const m = await scrape();
    const ct = { bot: 'ct-smash', intent: 'trial', outcome: 'answered', path: 'llm', mode: 'bot' };
    expect(value(m, 'switchboard_turns_total', ct)).toBe(ctTurns);
    expect(value(m, 'switchboard_turns_total', { bot: 'la-formula', intent: 'problema_entrega', outcome: 'handoff', mode: 'handoff_pending' })).toBe(1);
    expect(await observations(m, 'switchboard_turn_duration_seconds', { bot: 'ct-smash', outcome: 'answered' })).toBe(ctTurns);
    // ct-smash names its understand node 'triage'; every turn understood once and persisted once.
    expect(await observations(m, 'switchboard_turn_stage_duration_seconds', { bot: 'ct-smash', stage: 'understand', node: 'triage' })).toBe(ctTurns);
    expect(await observations(m, 'switchboard_turn_stage_duration_seconds', { bot: 'ct-smash', stage: 'persist' })).toBe(ctTurns);
    expect(await observations(m, 'switchboard_turn_stage_duration_seconds', { bot: 'ct-smash', stage: 'specialist' })).toBeGreaterThanOrEqual(ctTurns);

    // Every request the model server received was counted once, with its tokens.
    const model = { provider: 'openai', model: 'gpt-4o-mini' };
    expect(value(m, 'switchboard_model_calls_total', model)).toBe(fake.requests.length);
    expect(value(m, 'switchboard_model_calls_total', { ...model, outcome: 'ok' })).toBe(fake.requests.length);
    expect(await observations(m, 'switchboard_model_call_duration_seconds', model)).toBe(fake.requests.length);
    expect(value(m, 'switchboard_model_tokens_total', { ...model, direction: 'input' })).toBeGreaterThan(0);
    expect(value(m, 'switchboard_model_circuit_state', { model: 'openai:gpt-4o-mini' })).toBe(0);

    expect(value(m, 'switchboard_handoffs_started_total', { bot: 'la-formula', source: 'conversation' })).toBe(1);
    expect(await observations(m, 'switchboard_handoff_wait_seconds', { bot: 'la-formula' })).toBe(1);
    expect(value(m, 'switchboard_handoffs_resolved_total', { bot: 'la-formula', how: 'operator' })).toBe(1);
    expect(value(m, 'switchboard_handoffs_pending')).toBe(0);
    expect(value(m, 'switchboard_double_texting_total', { bot: 'ct-smash', policy: 'queue', decision: 'queued' })).toBe(1);
    expect(value(m, 'switchboard_channel_webhooks_total', { channel: 'whatsapp', outcome: 'rejected' })).toBe(1);
    expect(value(m, 'switchboard_rate_limit_rejections_total', { scope: 'chat' })).toBe(1);
    expect(await observations(m, 'switchboard_http_request_duration_seconds', { method: 'POST', route: '/api/bots/:bot/chat', status: '200' })).toBe(ctTurns + 1);
    // prom-client's default process metrics are there too.
    expect(m.find((f) => f.name === 'process_cpu_user_seconds_total')?.type).toBe('COUNTER');
    expect(m.find((f) => f.name === 'nodejs_eventloop_lag_seconds')).toBeTruthy();

    // The registry's own JSON agrees with what the text exposition said.
    const json = await obs.metrics.registry.getSingleMetric('switchboard_turns_total')!.get();
    const fromJson = json.values.filter((v) => Object.entries(ct).every(([k, x]) => v.labels[k] === x)).reduce((s, v) => s + v.value, 0);
    expect(fromJson).toBe(ctTurns);
    // No label carries a session id, a message or a free-text reason.
    const labelValues = m.flatMap((f) => f.metrics.flatMap((s) => Object.values(s.labels ?? {})));
    expect(labelValues).not.toContain(session.sessionId);
    expect(labelValues.some((v) => /aula|pedido|Mauri/.test(v))).toBe(false);
  });
});

describe('traces', () => {
  it('one turn: request → turn → understand (→ model call), specialists, persist; with bot, session and turn ids', async () => {
    spans.reset();
    fake.respond = () => ({ json: { intents: ['trial'], general_response: '' } });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const r = await chat('ct-smash', { message: 'quero marcar uma aula experimental' }, { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    expect(r.status).toBe(200);
    await obs.tracing!.flush();
    const all = spans.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const byName = (name: string) => all.filter((s) => s.name === name);
    const parentOf = (s: ReadableSpan) => all.find((p) => p.spanContext().spanId === s.parentSpanContext?.spanId);
    const ancestors = (s: ReadableSpan): string[] => {
      const p = parentOf(s);
      return p ? [p.name, ...ancestors(p)] : [];
    };

    const [turn] = byName('switchboard.turn');
    expect(turn, `spans: ${all.map((s) => s.name).join(', ')}`).toBeTruthy();
    expect(turn.attributes).toMatchObject({ 'switchboard.bot': 'ct-smash', 'switchboard.session_id': r.body.sessionId, 'switchboard.turn_id': r.body.turnId });
    expect(ancestors(turn)).toContain('request'); // the HTTP server's span, continuing the caller's trace
    expect(parentOf(all.find((s) => s.name === 'request')!)).toBeUndefined();

    const [understand] = byName('switchboard.understand');
    expect(parentOf(understand)?.name).toBe('switchboard.turn');
    expect(understand.attributes).toMatchObject({ 'switchboard.bot': 'ct-smash', 'switchboard.session_id': r.body.sessionId, 'switchboard.intents': ['trial'], 'switchboard.understanding': 'llm' });
    const [call] = byName('chat gpt-4o-mini');
    expect(parentOf(call)?.name).toBe('switchboard.understand');
    expect(call.attributes).toMatchObject({ 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'gpt-4o-mini', 'switchboard.session_id': r.body.sessionId });
    expect(call.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);

    const specialists = all.filter((s) => s.name.startsWith('switchboard.specialist '));
    expect(specialists.length).toBeGreaterThan(0);
    for (const s of specialists) expect(parentOf(s)?.name).toBe('switchboard.turn');
    const [persist] = byName('switchboard.store persist');
    expect(parentOf(persist)?.name).toBe('switchboard.turn');
    expect(persist.attributes).toMatchObject({ 'switchboard.turn_id': r.body.turnId });
    // Spans lie inside their parents (give or take the SDK's clock anchoring, well under a millisecond).
    for (const s of [understand, call, persist, ...specialists]) {
      const p = parentOf(s)!;
      expect(toMs(s.startTime), `${s.name} starts in ${p.name}`).toBeGreaterThanOrEqual(toMs(p.startTime) - 1);
      expect(toMs(s.endTime), `${s.name} ends in ${p.name}`).toBeLessThanOrEqual(toMs(p.endTime) + 1);
    }
  });
});

describe('logs', () => {
  it('writes one JSON line per turn with its ids and no message text, and redacts tokens in URLs', async () => {
    logLines.length = 0;
    const message = 'quero marcar uma aula experimental amanhã cedo';
    const r = await chat('ct-smash', { message });
    // A token in the URL (refused there: only the event stream reads one), its name percent-encoded.
    await fetch(`${base}/api/handoffs/pending?%74oken=${OPERATOR}`);
    const lines = logLines.map((l) => JSON.parse(l) as Record<string, any>);
    const turn = lines.find((l) => l.msg === 'turn');
    expect(turn).toMatchObject({ level: 30, service: 'switchboard', bot: 'ct-smash', sessionId: r.body.sessionId, turnId: r.body.turnId, outcome: 'answered', intents: ['trial'], path: 'llm', mode: 'bot' });
    expect(turn!.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(typeof turn!.ms).toBe('number');
    // One line per request, when it completes: the request, its status and the time taken.
    const requests = lines.filter((l) => l.reqId);
    expect(requests.map((l) => [l.msg, l.req?.method, l.res?.statusCode])).toEqual([
      ['request completed', 'POST', 200],
      ['request completed', 'GET', 401],
    ]);
    expect(typeof requests[0].responseTime).toBe('number');
    expect(logLines.join('\n')).not.toContain('aula experimental');
    expect(requests[1].req.url).toBe('/api/handoffs/pending?%74oken=[redacted]');
    expect(logLines.join('\n')).not.toContain(OPERATOR);
  });
});

function toMs([s, ns]: [number, number]): number {
  return s * 1e3 + ns / 1e6;
}

describe('shutting down', () => {
  it('stops being ready once draining, while liveness still answers', async () => {
    obs.readiness.drain();
    const r = await fetch(`${base}/api/ready`);
    expect(r.status).toBe(503);
    expect(await r.json()).toMatchObject({ ready: false, checks: { accepting: false, classifiers: true } });
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});
