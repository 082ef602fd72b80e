// `npm start` runs the server compiled to .build/ under plain Node: every bot must load and answer there
// exactly as under tsx (module paths, the bots' own files, the console's static files).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../scripts/build-server.mjs';
import { postJson, startServerProcess, type ServerProcess } from './support/process.ts';

describe('the compiled server (npm start)', () => {
  let server: ServerProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-compiled-'));
  beforeAll(async () => {
    await buildServer();
    server = await startServerProcess({ DATA_DIR: dataDir }, 90_000, { compiled: true });
  }, 180_000);
  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every reference bot in its own language', async () => {
    const first: Record<string, string> = {
      'ct-smash': 'onde fica a academia?',
      'la-formula': 'cuanto sale la creatina?',
      'fashion-vn': 'shop có áo hoodie màu xám không?',
      'mini-crm': 'cadastra o lead Ana da Acme, email ana@acme.com',
      cloudinha: 'oi', // asks an unknown user to sign in first: still a reply from the compiled bot
    };
    for (const [bot, message] of Object.entries(first)) {
      const r = await postJson(`${server.url}/api/bots/${bot}/chat`, { message });
      expect(r.status, `${bot}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(typeof r.body.reply === 'string' && r.body.reply.length > 0, `${bot} replied`).toBe(true);
    }
    const ct = await postJson(`${server.url}/api/bots/ct-smash/chat`, { message: 'onde fica a academia?' });
    expect(ct.body.reply).toMatch(/Rua dos Pinheiros/);
  });

  it('serves the console and the API docs', async () => {
    const page = await fetch(`${server.url}/admin`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
    expect((await fetch(`${server.url}/docs/json`)).status).toBe(200);
  });
});
