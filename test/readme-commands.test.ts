// Every command README.md names in its prose (inline code: `npm start`, `npm run eval`…) is run here, or by the
// test named beside it. The commands are parsed out of the README, so a command added there without a way to run
// it here fails. A long command runs in the quickest form its --help documents (the bench with --quick and a few
// parts, eval on one bot): what is checked is that the command works as the README says, not its figures.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/bench/startup.ts';
import { projectRoot } from '../src/paths.ts';
import { inlineCommands, shellCommands } from './support/doc-commands.ts';

const tmp = mkdtempSync(join(tmpdir(), 'readme-commands-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// The repository's own bots/ and an embedded store, whatever the environment of the test run says.
// A nested vitest (`npm test`) must not take this run's worker variables for its own.
const { SWITCHBOARD_BOTS_DIR: _botsDir, DATABASE_URL: _databaseUrl, ...rest } = process.env;
const inherited = Object.fromEntries(Object.entries(rest).filter(([k]) => !k.startsWith('VITEST')));
const env: NodeJS.ProcessEnv = { ...inherited, NO_COLOR: '1', FORCE_COLOR: '0', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

const execFileAsync = promisify(execFile);

/** Runs a command line in the repository; its output, stdout and stderr together. Rejects on a non-zero exit. */
async function sh(command: string): Promise<string> {
  const running = execFileAsync('bash', ['-c', `${command} 2>&1`], { cwd: projectRoot, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  running.child.stdin?.end();
  return (await running).stdout;
}

/** Starts a server command, waits for it to listen, asks `bot` one message, and stops it (its whole process group). */
async function serve(command: string, bot: string, message: string): Promise<string> {
  const port = await freePort();
  const child = spawn('bash', ['-c', command], { cwd: projectRoot, env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmp, 'data-')) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  try {
    for (const t0 = Date.now(); !/Ready in/.test(out); await new Promise((r) => setTimeout(r, 250))) {
      if (Date.now() - t0 > 150_000 || child.exitCode !== null) throw new Error(`${command}: no ready line\n${out}`);
    }
    const res = await fetch(`http://127.0.0.1:${port}/api/bots/${bot}/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) });
    expect(res.status, out).toBe(200);
    return ((await res.json()) as { reply: string }).reply;
  } finally {
    if (child.exitCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }
}

/** How each command of the README is run: here, or (a string) the test that runs it. */
const RUNS: Record<string, (() => Promise<void>) | string> = {
  // What install would do from the lock file and npm's cache, without touching node_modules.
  'npm install': async () => {
    expect(await sh('npm install --dry-run --offline --ignore-scripts')).toMatch(/up to date|added|changed/);
  },
  'npm start': async () => {
    expect(await serve('npm start', 'ct-smash', 'oi')).toBeTruthy();
  },
  // .build as `npm start`'s prestart compiles it (only what changed since the last build).
  'node .build/src/cli/main.js start': async () => {
    await sh('node scripts/build-server.mjs');
    expect(await serve('node .build/src/cli/main.js start', 'ct-smash', 'oi')).toBeTruthy();
  },
  'SWITCHBOARD_BOTS_DIR=examples npm start': async () => {
    expect(await serve('SWITCHBOARD_BOTS_DIR=examples npm start', 'clinica', 'quanto custa uma limpeza?')).toContain('R$ 180');
  },
  // The suite cannot run itself inside itself: `npm test` runs one file of it, as vitest takes file filters.
  'npm test': async () => {
    expect(await sh('npm test -- src/cli/args.test.ts')).toMatch(/Test Files\s+1 passed/);
  },
  // On one example bot (every bot's probes are test/edge-probes.test.ts's): none misrouted, so it exits 0.
  'npx switchboard check --edge': async () => {
    expect(await sh('npx switchboard check --edge --bots-dir examples petshop')).toMatch(/petshop/);
  },
  // --quick, on the reference bot, with the in-process and HTTP turns (`switchboard bench --help`).
  'npm run bench': async () => {
    const reports = mkdtempSync(join(tmp, 'bench-'));
    await sh(`npm run bench -- --quick --bots ct-smash --only turns --reports ${reports}`);
    const report = JSON.parse(readFileSync(join(reports, 'bench-latest.json'), 'utf8')) as { quick: boolean; turns: unknown[]; notes: string[] };
    expect(report.quick).toBe(true);
    expect(report.turns.length).toBeGreaterThan(0);
    expect(report.notes.filter((n) => n.includes('failed'))).toEqual([]);
  },
  // On one reference bot (all of them: test/bots-conversations.test.ts), into a folder of the test's.
  'npm run eval': async () => {
    const out = mkdtempSync(join(tmp, 'eval-'));
    expect(await sh(`npm run eval -- la-formula --no-compare-models --out ${out}`)).toMatch(/la-formula/);
    expect(existsSync(join(out, 'eval-latest.json'))).toBe(true);
  },
  'npm run build:package': 'test/package.test.ts (its tarball, installed in a fresh project)',
  'npx switchboard check': 'test/package.test.ts (the tutorial’s check, in a fresh project)',
  'npm run lint': '.ci/run (its lint step: ESLint, knip and the import-cycle check, with the type-check before it)',
};

const commands = inlineCommands('README.md');

describe('commands README.md names', () => {
  it('finds the README’s commands, and has a way to run each', () => {
    expect(commands).toEqual(expect.arrayContaining(['npm start', 'npm test', 'npm run bench', 'npm run eval']));
    expect(commands.filter((c) => !(c in RUNS)), 'a command in README.md that no test runs: add it to RUNS').toEqual([]);
  });

  it('names only tests that run the command', () => {
    const tutorial = shellCommands('docs/tutorial.md');
    const packageTest = readFileSync(join(projectRoot, 'test', 'package.test.ts'), 'utf8');
    // The package test packs with the script `npm run build:package` runs, and runs every command of the tutorial.
    expect(JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).scripts['build:package']).toBe('node scripts/pack.mjs');
    expect(packageTest).toContain("'scripts', 'pack.mjs'");
    expect(packageTest).toContain('expect(ran).toEqual(expect.arrayContaining(tutorial))');
    expect(tutorial.some((c) => c.startsWith('npx switchboard check'))).toBe(true);
    expect(readFileSync(join(projectRoot, '.ci', 'run'), 'utf8')).toMatch(/^npm run lint$/m);
  });

  it.each(commands.filter((c) => typeof RUNS[c] === 'function'))('runs `%s`', async (command) => {
    await (RUNS[command] as () => Promise<void>)();
  }, 300_000);
});
