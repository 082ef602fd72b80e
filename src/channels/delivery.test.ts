// The plumbing of delivery: outgoing calls classified retryable or not, the retry loop, per-conversation
// ordering, and configuration from the environment.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelsConfigFromEnv } from './config.ts';
import { callJson, ProviderError, withRetry } from './http.ts';
import { SerialQueue } from './queue.ts';

describe('callJson', () => {
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const status = Number(req.url?.slice(1)) || 200;
      if (req.url === '/slow') return void setTimeout(() => res.end('{}'), 500);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const error = async (path: string, timeoutMs = 2000) => {
    try {
      await callJson(url + path, { body: {}, timeoutMs });
    } catch (e) {
      return e as ProviderError;
    }
    throw new Error('expected a failure');
  };

  it('returns the parsed body on 2xx', async () => {
    expect(await callJson(`${url}/201`, { body: { a: 1 }, timeoutMs: 2000 })).toEqual({ status: 201 });
  });

  it('retries 5xx, 429 and timeouts and refused connections, not other 4xx', async () => {
    expect(await error('/503')).toMatchObject({ status: 503, retryable: true });
    expect(await error('/429')).toMatchObject({ status: 429, retryable: true });
    expect(await error('/400')).toMatchObject({ status: 400, retryable: false });
    expect(await error('/401')).toMatchObject({ status: 401, retryable: false });
    const slow = await error('/slow', 50);
    expect(slow).toMatchObject({ status: null, retryable: true });
    expect(slow.message).toMatch(/within 50 ms/);
    const refused = await callJson('http://127.0.0.1:9/x', { timeoutMs: 2000 }).catch((e) => e);
    expect(refused).toMatchObject({ status: null, retryable: true });
  });
});

describe('withRetry', () => {
  const noSleep = async () => {};

  it('tries once plus once per delay, waiting the given delays', async () => {
    const waits: number[] = [];
    let calls = 0;
    const out = await withRetry(async () => {
      calls++;
      throw new ProviderError('down', 503, true);
    }, [1, 2, 3], async (ms) => void waits.push(ms));
    expect(out).toMatchObject({ ok: false, attempts: 4 });
    expect(calls).toBe(4);
    expect(waits).toEqual([1, 2, 3]);
  });

  it('stops at a non-retryable error and returns the first success', async () => {
    expect(await withRetry(async () => Promise.reject(new ProviderError('bad', 400, false)), [1, 1], noSleep)).toMatchObject({ ok: false, attempts: 1 });
    expect(await withRetry(async (n) => (n < 3 ? Promise.reject(new ProviderError('x', 502, true)) : 'ok'), [1, 1, 1], noSleep)).toEqual({ ok: true, value: 'ok', attempts: 3 });
  });
});

describe('SerialQueue', () => {
  const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('runs one key in order, different keys side by side, and survives a failing job', async () => {
    const errors: string[] = [];
    const q = new SerialQueue((key, err) => errors.push(`${key}:${(err as Error).message}`));
    const log: string[] = [];
    q.enqueue('a', async () => {
      await tick(30);
      log.push('a1');
    });
    q.enqueue('a', async () => {
      throw new Error('boom');
    });
    q.enqueue('a', async () => void log.push('a3'));
    q.enqueue('b', async () => void log.push('b1'));
    await q.whenIdle();
    expect(log).toEqual(['b1', 'a1', 'a3']);
    expect(errors).toEqual(['a:boom']);
    expect(q.size).toBe(0);
  });

  it('whenIdle waits for jobs queued by running jobs', async () => {
    const q = new SerialQueue();
    const log: string[] = [];
    q.enqueue('a', async () => {
      await tick(5);
      q.enqueue('b', async () => {
        await tick(5);
        log.push('nested');
      });
    });
    await q.whenIdle();
    expect(log).toEqual(['nested']);
  });
});

describe('channelsConfigFromEnv', () => {
  it('turns on only the providers whose settings are present', () => {
    const cfg = channelsConfigFromEnv({ EVOLUTION_BASE_URL: 'https://evo.example.com/', EVOLUTION_API_KEY: 'k', CHATWOOT_BASE_URL: 'https://cw.example.com', CHATWOOT_BOT_TOKEN_LA_FORMULA: 't1' });
    expect(cfg.evolution).toEqual({ baseUrl: 'https://evo.example.com', apiKey: 'k', instance: undefined, webhookToken: undefined, webhookTokens: {} });
    expect(cfg.whatsapp).toBeUndefined();
    expect(cfg.chatwoot).toMatchObject({ baseUrl: 'https://cw.example.com', botToken: undefined, botTokens: { LA_FORMULA: 't1' } });
    expect(cfg.retryDelaysMs).toEqual([200, 1000, 3000]);
    expect(channelsConfigFromEnv({ EVOLUTION_BASE_URL: 'https://evo' }).evolution).toBeUndefined();
  });

  it('reads the Cloud API defaults and the phone number map', () => {
    const cfg = channelsConfigFromEnv({ WHATSAPP_APP_SECRET: 's', WHATSAPP_PHONE_NUMBER_IDS: '111:la-formula, 222:ct-smash', CHANNELS_RETRY_DELAYS_MS: '5,10' });
    expect(cfg.whatsapp).toMatchObject({ graphUrl: 'https://graph.facebook.com', version: 'v21.0', phoneNumberIds: { '111': 'la-formula', '222': 'ct-smash' } });
    expect(cfg.retryDelaysMs).toEqual([5, 10]);
  });
});
