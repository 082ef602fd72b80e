// The saleor-dev command as a real process: prints its URL, answers GraphQL, stops on SIGTERM.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSaleorDevArgs } from './saleor-dev.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('saleor-dev command', () => {
  it('parses --port/--host/--data, env default, and rejects bad input', () => {
    expect(parseSaleorDevArgs([], {})).toEqual({ port: 8000, host: '127.0.0.1' });
    expect(parseSaleorDevArgs([], { SALEOR_DEV_PORT: '9100' })).toMatchObject({ port: 9100 });
    expect(parseSaleorDevArgs(['--port=0', '--host', '0.0.0.0', '--data', 'x.json'], {})).toEqual({ port: 0, host: '0.0.0.0', dataFile: 'x.json' });
    expect(parseSaleorDevArgs(['--port', 'abc'], {})).toHaveProperty('error');
    expect(parseSaleorDevArgs(['--nope'], {})).toHaveProperty('error');
  });

  it('starts, serves the catalogue and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', "import('./src/cli/commands/saleor-dev.ts').then(async (m) => process.exit(await m.run(['--port', '0'])))"], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 20_000);
      child.stdout.on('data', (c) => {
        out += c;
        const m = /listening on (\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.on('exit', () => reject(new Error(`exited early: ${out}`)));
    });
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ product(slug: "grey-hoodie", channel: "default-channel") { name } }' }) });
    expect((await res.json()).data.product.name).toBe('Grey Hoodie');
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    expect(out).toMatch(/stopped/);
  });
});
