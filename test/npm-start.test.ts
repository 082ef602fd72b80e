// `npm start` in a real process tree (npm → shell → node): a SIGTERM or SIGINT to npm's own process id stops the
// server too — nothing is left running and answering on the port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/bench/startup.ts';

const root = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-npm-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  for (const t0 = Date.now(); Date.now() - t0 < timeoutMs; await new Promise((r) => setTimeout(r, 250))) if (await check()) return true;
  return false;
}

describe('npm start', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops the server when npm's own process gets ${signal}`, async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      // The examples are data-only bots: a quick start.
      const npm = spawn('npm', ['start'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dataDir, signal), SWITCHBOARD_BOTS_DIR: join(root, 'examples') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      npm.stdout.on('data', (d) => (out += d));
      npm.stderr.on('data', (d) => (out += d));
      const exited = new Promise<void>((r) => npm.once('exit', () => r()));
      try {
        expect(await until(() => answers(url), 240_000), `server did not start:\n${out}`).toBe(true);
        npm.kill(signal);
        await exited;
        expect(await until(async () => !(await answers(url)), 20_000), `still answering after npm got ${signal}:\n${out}`).toBe(true);
        expect(out).toMatch(new RegExp(`${signal}: finishing turns in flight`));
      } finally {
        npm.kill('SIGKILL');
      }
    }, 300_000);
  }
});
