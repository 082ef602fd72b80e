// A private PostgreSQL cluster for tests that stop, restart or kick their database: initdb into a temporary
// directory, started on a free port. Never the shared server other tests use.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../src/bench/startup.ts';

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/** initdb is installed here: a test that needs a private cluster skips without it. */
export const privatePostgresAvailable = existsSync(join(BIN, 'initdb'));

export interface PrivatePostgres {
  url: string;
  port: number;
  start(): Promise<void>;
  /** pg_ctl stop: `fast` ends every session (57P01) and shuts down. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** End every session but the caller's (pg_terminate_backend), as an administrator or a failover would. */
  terminateSessions(): Promise<number>;
  destroy(): Promise<void>;
}

/** Postgres refuses to run as root: as root, its commands run as the `postgres` user. */
function asPostgresUser(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'sb-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const exec = (cmd: string, args: string[]) => run(...asPostgresUser(join(BIN, cmd), args), { timeout: 120_000 });
  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const cluster: PrivatePostgres = {
    url,
    port,
    start: async () => void (await exec('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '120', 'start'])),
    stop: async (mode = 'fast') => void (await exec('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '120', 'stop'])),
    terminateSessions: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query('select pg_terminate_backend(pid) as ended from pg_stat_activity where pid <> pg_backend_pid() and backend_type = $1', ['client backend']);
        return rows.filter((r) => r.ended).length;
      } finally {
        await client.end();
      }
    },
    destroy: async () => {
      await cluster.stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
