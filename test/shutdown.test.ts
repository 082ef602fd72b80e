// Graceful shutdown of a real `switchboard start` process: SIGTERM while a turn waits for its model. The turn
// finishes and its reply is stored, new requests are refused, the process exits 0 and its store closes cleanly
// (PGlite reopens the data directory). The process logs JSON lines (stdout is not a terminal).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/store/index.ts';
import { useFakeLlmServer } from './support/fake-llm-server.ts';
import { postJson, startServerProcess, type ServerProcess } from './support/process.ts';

describe('SIGTERM mid-turn', () => {
  const fake = useFakeLlmServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-shutdown-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the turn in flight, refuses new work, closes the store and exits 0', async () => {
    server = await startServerProcess({
      DATA_DIR: dataDir,
      SWITCHBOARD_BOTS: 'ct-smash',
      SWITCHBOARD_MODEL: 'openai:gpt-4o-mini',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'test',
      SWITCHBOARD_UNDERSTANDING: 'llm',
    }, 180_000); // a fresh data directory through tsx: slow on a busy machine
    fake.respond = () => ({ delayMs: 1500, json: { intents: ['trial'], general_response: '' } });
    const inFlight = postJson(`${server.url}/api/bots/ct-smash/chat`, { message: 'quero marcar uma aula experimental' });
    for (let i = 0; fake.requests.length === 0; i++) {
      if (i > 500) throw new Error(`the turn never called the model:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 20)); // the turn waits for the model
    }
    const exited = server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));

    // New work is refused while the turn finishes: the listener is closed (or answers 503 on a kept connection).
    const late = await postJson(`${server.url}/api/bots/ct-smash/chat`, { message: 'oi' }).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ intents: ['trial'], mode: 'bot' });
    expect(await exited).toBe(0);

    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; outcome?: string; sessionId?: string });
    expect(lines.find((l) => l.msg === 'turn')).toMatchObject({ outcome: 'answered', sessionId: answered.body.sessionId });
    expect(lines.at(-1)?.msg).toBe('stopped.');

    const db = await openDatabase({ dataDir });
    try {
      const rows = await db.query<{ role: string; content: string }>('select role, content from messages where session_id = $1 order by id', [answered.body.sessionId]);
      expect(rows.map((r) => r.role)).toEqual(['user', 'assistant']);
      expect(rows[1].content).toBe(answered.body.reply);
    } finally {
      await db.close();
    }
  }, 300_000);
});
