// A real `switchboard start` on PGlite with the Evolution channel: a 200,000-character message leaves /api/health
// answering while it is handled; after a SIGKILL, a start on the same data directory answers at once although
// it recovers a poisoned message (given up, marked failed) and a 200,000-character one stored uncut by an older
// version (answered "too long" through the ingress).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/store/index.ts';
import { pollHealth } from './support/channel-adapters.ts';
import { startFakeEvolution, type FakeProvider } from './support/fake-channel-providers.ts';
import { postJson, startServerProcess, type ServerProcess } from './support/process.ts';

const TOKEN = 'restart-hook-token';
const NUMBER = '5491100004444';
let dataDir: string;
let evolution: FakeProvider;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sb-restart-'));
  evolution = await startFakeEvolution('evo-key');
});
afterAll(async () => {
  await server?.kill('SIGKILL');
  await evolution?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({
  DATA_DIR: dataDir,
  SWITCHBOARD_BOTS: 'la-formula',
  EVOLUTION_BASE_URL: evolution.url,
  EVOLUTION_API_KEY: 'evo-key',
  EVOLUTION_INSTANCE: 'la-formula-ventas',
  EVOLUTION_WEBHOOK_TOKEN_LA_FORMULA: TOKEN,
  CHANNELS_RETRY_DELAYS_MS: '5',
});

const upsert = (text: string, id: string) => ({
  event: 'messages.upsert',
  instance: 'la-formula-ventas',
  data: { key: { remoteJid: `${NUMBER}@s.whatsapp.net`, fromMe: false, id }, pushName: 'Lucía', message: { conversation: text } },
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function statsOf(s: ServerProcess): Promise<{ inbound: Record<string, number>; failedInbound: { providerMessageId: string }[] }> {
  const res = await fetch(`${s.url}/api/channels/stats`, { headers: { authorization: 'Bearer proc-admin' } });
  return res.json();
}

describe('a channel message that could block the server, and a restart after it', () => {
  it('keeps /api/health answering through a 200,000-character message, and a restart answers at once despite poisoned and uncut rows', async () => {
    server = await startServerProcess(env(), 120_000);
    expect(server.output()).toMatch(/Evolution API \/webhooks\/evolution\/la-formula: verified by token EVOLUTION_WEBHOOK_TOKEN_LA_FORMULA/);
    const r = await postJson(`${server.url}/webhooks/evolution/la-formula`, upsert('a'.repeat(200_000), 'LONG-1'), { 'x-webhook-token': TOKEN });
    expect(r.status).toBe(200);
    const health = await pollHealth(server.url, until(async () => (await statsOf(server!)).inbound.done >= 1));
    expect(health.unanswered).toEqual([]);
    expect(health.answered).toBeGreaterThan(0);
    expect(evolution.delivered()[0].body.text).toMatch(/demasiado largo/);
    await server.kill('SIGKILL');
    server = undefined;

    // What older versions or killed processes leave behind: a message stored uncut, and one taken three times.
    const db = await openDatabase({ dataDir });
    const legacy = { channel: 'evolution', bot: 'la-formula', providerId: 'LEGACY-1', contactKey: NUMBER, phoneNumber: NUMBER, text: 'b'.repeat(200_000), address: { channel: 'evolution', instance: 'la-formula-ventas', number: NUMBER } };
    const poisoned = { ...legacy, providerId: 'POISON-1', text: 'hola' };
    await db.query(
      `insert into channel_inbound (channel, bot, provider_message_id, session_id, status, attempts, payload, updated_at) values
         ('evolution', 'la-formula', 'LEGACY-1', $1, 'queued', 0, $2, now() - interval '1 hour'),
         ('evolution', 'la-formula', 'POISON-1', $1, 'processing', 3, $3, now() - interval '1 hour')`,
      [`evolution-la-formula-${NUMBER}`, JSON.stringify(legacy), JSON.stringify(poisoned)],
    );
    await db.close();

    evolution.reset();
    server = await startServerProcess(env(), 120_000); // returns once /api/health answers
    const again = await pollHealth(
      server.url,
      until(async () => {
        const { inbound } = await statsOf(server!);
        return inbound.done >= 2 && inbound.failed >= 1;
      }),
    );
    expect(again.unanswered).toEqual([]);
    const stats = await statsOf(server);
    expect(stats.failedInbound.map((f) => f.providerMessageId)).toEqual(['POISON-1']);
    expect(evolution.delivered().map((d) => d.body.text)).toEqual([expect.stringMatching(/demasiado largo/)]);
  }, 400_000);
});
