// A private Postgres cluster for the parts of the bench whose figures are the cluster's own (WAL written) or
// that fill it with a million rows: initdb into a temporary directory, started on a free port with the
// default durability (fsync and synchronous commit on), stopped and removed afterwards. Found through
// PG_BIN or the Debian layout (/usr/lib/postgresql/<version>/bin); null when there is none.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './startup.ts';

export interface PrivateCluster {
  url: string;
  stop(): Promise<void>;
}

export function postgresBinDir(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.PG_BIN) return existsSync(join(env.PG_BIN, 'initdb')) ? env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

/** Postgres refuses to run as root: the cluster then belongs to the `postgres` user. */
const asOwner = (cmd: string, args: string[]): [string, string[]] => (process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);

export async function startPrivateCluster(env: NodeJS.ProcessEnv = process.env): Promise<PrivateCluster | null> {
  const bin = postgresBinDir(env);
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-bench-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const run = (cmd: string, args: string[]) => {
    const [c, a] = asOwner(join(bin, cmd), args);
    execFileSync(c, a, { stdio: 'pipe', cwd: dir });
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=128MB -c max_connections=100`;
    run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`private Postgres cluster did not start: ${(err as { stderr?: Buffer }).stderr?.toString().trim() || (err as Error).message}`, { cause: err });
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      const [c, a] = asOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      spawnSync(c, a, { stdio: 'ignore', cwd: dir });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
