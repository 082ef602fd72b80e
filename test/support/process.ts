// Real `switchboard start` processes for scale-out and crash tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The port a starting server prints (`Simulator   http://localhost:<port>/`), once it has printed it. */
function printedPort(output: string): number | undefined {
  const m = /Simulator\s+http:\/\/localhost:(\d+)\//.exec(output);
  return m ? Number(m[1]) : undefined;
}

/**
 * `switchboard start` in its own process: through tsx from the sources, or with `compiled: true` the way
 * `npm start` runs it (plain Node on .build/, which the caller builds first). It listens on a port the system
 * picks (PORT=0, read back from what it prints), so parallel tests never race for one, unless `env.PORT` says.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000, opts: { compiled?: boolean } = {}): Promise<ServerProcess> {
  let out = '';
  const args = opts.compiled ? ['.build/src/cli/main.js', 'start'] : ['--import', 'tsx', 'src/cli/main.ts', 'start'];
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SWITCHBOARD_ADMIN_TOKEN: 'proc-admin', SWITCHBOARD_RATE_LIMIT: '1000000', SWITCHBOARD_CHAT_RATE_LIMIT: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  let url = '';
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (proc.exitCode !== null) throw new Error(`server exited early (${proc.exitCode}):\n${out}`);
    const port = printedPort(out);
    try {
      if (port && (await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        url = `http://127.0.0.1:${port}`;
        break;
      }
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (Date.now() - t0 >= timeoutMs) {
    proc.kill('SIGKILL');
    throw new Error(`server did not start in ${timeoutMs} ms:\n${out}`);
  }
  return {
    url,
    proc,
    output: () => out,
    kill: (signal = 'SIGTERM') =>
      new Promise((res) => {
        if (proc.exitCode !== null) return res(proc.exitCode);
        proc.once('exit', (code) => res(code));
        proc.kill(signal);
      }),
  };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await r.text();
  try {
    return { status: r.status, body: JSON.parse(text) };
  } catch {
    return { status: r.status, body: text };
  }
}
