// Turn log lines with and without the customer's text, LOG_LEVEL, and tokens kept out of logged URLs.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Runtime } from '../engine/index.ts';
import { openTestDatabase, type Database } from '../store/index.ts';
import { createLogger, logTurns, redactUrl } from './logging.ts';

function capture(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const out: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      out.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines: () => out.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('turn logs', () => {
  let db: Database;
  let runtime: Runtime;
  beforeAll(async () => {
    db = await openTestDatabase();
    runtime = await Runtime.create({ db, only: ['ct-smash'] });
  });
  afterAll(async () => {
    await runtime?.close();
    await db?.close();
  });

  it('carry the text and the reply only with SWITCHBOARD_LOG_MESSAGES=true', async () => {
    const plain = capture();
    const withText = capture();
    const quiet = capture();
    const stops = [
      logTurns(runtime, createLogger({ env: {}, stream: plain.stream }), {}),
      logTurns(runtime, createLogger({ env: {}, stream: withText.stream }), { SWITCHBOARD_LOG_MESSAGES: 'true' }),
      logTurns(runtime, createLogger({ env: { LOG_LEVEL: 'warn' }, stream: quiet.stream }), {}),
    ];
    const r = await runtime.chat('ct-smash', { message: 'onde fica a CT?' });
    for (const stop of stops) stop();
    await runtime.chat('ct-smash', { message: 'e o horário?' }); // after stop(): not logged

    expect(plain.lines()).toHaveLength(1);
    expect(plain.lines()[0]).toMatchObject({ msg: 'turn', bot: 'ct-smash', sessionId: r.sessionId, turnId: r.turnId, outcome: 'answered' });
    expect(plain.lines()[0]).not.toHaveProperty('text');
    expect(JSON.stringify(plain.lines())).not.toContain('onde fica');
    expect(withText.lines()[0]).toMatchObject({ msg: 'turn', text: 'onde fica a CT?', reply: r.reply });
    expect(quiet.lines()).toEqual([]);
  });

  it('at LOG_LEVEL=warn keep the refused and failed turns and leave out the answered ones and mode changes', () => {
    const quiet = capture();
    const stop = logTurns(runtime, createLogger({ env: { LOG_LEVEL: 'warn' }, stream: quiet.stream }), {});
    const turn = { type: 'turn', bot: 'ct-smash', intent: '', intents: [], mode: '', path: '', ms: 1, text: 'x' } as const;
    runtime.signals.emit({ ...turn, outcome: 'answered' });
    runtime.signals.emit({ type: 'mode', bot: 'ct-smash', sessionId: 's1', from: 'bot', to: 'human', reason: 'operator', handoffAt: null });
    runtime.signals.emit({ ...turn, outcome: 'rejected', sessionId: 's2', error: 'busy' });
    runtime.signals.emit({ ...turn, outcome: 'failed', sessionId: 's3', error: 'boom' });
    stop();
    expect(quiet.lines().map((l) => [l.level, l.msg, l.sessionId, l.error])).toEqual([
      [40, 'turn refused', 's2', 'busy'],
      [50, 'turn failed', 's3', 'boom'],
    ]);
  });
});

describe('redactUrl', () => {
  it('hides credentials passed as query parameters and leaves the rest', () => {
    expect(redactUrl('/api/events?token=s3cret&bot=ct-smash')).toBe('/api/events?token=[redacted]&bot=ct-smash');
    expect(redactUrl('/api/sessions/abc?sessionToken=xyz')).toBe('/api/sessions/abc?sessionToken=[redacted]');
    expect(redactUrl('/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=v&hub.challenge=1')).toBe('/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=1');
    expect(redactUrl('/api/bots/ct-smash/chat')).toBe('/api/bots/ct-smash/chat');
  });

  it('hides them when their names are percent-encoded, in any case', () => {
    for (const url of ['/api/events?%74oken=s3cret', '/api/events?x=1&%74%6F%6B%65%6E=s3cret', '/api/sessions/a?session%54oken=s3cret', '/api/events?TOKEN=s3cret', '/api/events?tok%65n=s3cret&bot=b']) {
      expect(redactUrl(url), url).not.toContain('s3cret');
    }
    expect(redactUrl('/api/events?tok%65n=s3cret&bot=b')).toContain('bot=b');
    // A malformed escape is no reason to log a secret.
    expect(redactUrl('/api/events?%E0%A4%A=1&token=s3cret')).not.toContain('s3cret');
  });
});
