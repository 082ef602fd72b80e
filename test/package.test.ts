// Switchboard as a dependency: the package is built and packed (`npm run build:package`, which runs `npm pack`),
// and docs/tutorial.md is followed in a fresh folder outside the repository, command by command — install the
// tarball, `switchboard new`, then check, eval, chat and start on the tutorial's bot (its files are the finished
// ones of examples/clinica) and on a bot with TypeScript code. Slow (a build and an npm install): it runs when
// SWITCHBOARD_PACKAGE_TEST=1 (`npm run test:package`, a step of .ci/run). npm reads the registry only for what its
// cache lacks (npm_config_prefer_offline).
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/bench/startup.ts';
import { projectRoot } from '../src/paths.ts';
import { inlineCommands, shellCommands } from './support/doc-commands.ts';

const enabled = process.env.SWITCHBOARD_PACKAGE_TEST === '1';
const root = mkdtempSync(join(tmpdir(), 'switchboard-package-'));
// The project's own bots/ and an embedded store, whatever the environment of the test run says.
const { SWITCHBOARD_BOTS_DIR: _botsDir, DATABASE_URL: _databaseUrl, ...inherited } = process.env;
const env: NodeJS.ProcessEnv = { ...inherited, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
let cwd = root;
const ran: string[] = [];

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A long-running command of the tutorial: `chat` gets the tutorial's messages on stdin, `start` is stopped by the test. */
function spawnCommand(command: string, opts: { input?: string; extraEnv?: NodeJS.ProcessEnv } = {}) {
  // Its own process group (npx → shell → node): stopping it stops every process it started.
  const child = spawn('bash', ['-c', command], { cwd, env: { ...env, ...opts.extraEnv }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  child.stdin.end(opts.input ?? '');
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

// Long commands (pack, npm install) run asynchronously: a synchronous call would block the test worker's
// messages to vitest for minutes.
const execFileAsync = promisify(execFile);
async function exec(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  const running = execFileAsync(file, args, { ...options, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  running.child.stdin?.end(); // nothing to read: a command that would prompt gets end of input
  return (await running).stdout;
}

async function run(command: string): Promise<string> {
  ran.push(command);
  const cd = /^cd (\S+)$/.exec(command);
  if (cd) {
    cwd = resolve(cwd, cd[1]);
    return '';
  }
  return exec('bash', ['-c', command], { cwd, env });
}

/** After `switchboard new`, the tutorial's steps 2–6 edit the bot: here its finished files take the first bot's place. */
function editAsTheTutorialSays(): void {
  const bot = join(cwd, 'bots', 'clinica');
  rmSync(join(bot, 'knowledge'), { recursive: true, force: true });
  for (const file of ['bot.yaml', 'conversations.yaml', 'knowledge']) cpSync(join(projectRoot, 'examples', 'clinica', file), join(bot, file), { recursive: true });
}

const tutorial = shellCommands('docs/tutorial.md');
// The commands the tutorial names in its prose: the scripts `switchboard new` writes (`npm start`, `npm run check`,
// `npm run eval`), run in the project; `npm run build:package` is the repository's (test/readme-commands.test.ts).
const tutorialProse = inlineCommands('docs/tutorial.md').filter((c) => c !== 'npm run build:package');
const setup = tutorial.slice(0, tutorial.findIndex((c) => c.startsWith('npx switchboard new')) + 1);

describe.skipIf(!enabled)('the package, installed in a project outside the repository', () => {
  beforeAll(async () => {
    // The tarball beside the project's folder, as the tutorial has it.
    await exec(process.execPath, [join(projectRoot, 'scripts', 'pack.mjs'), '--out', root], { cwd: projectRoot });
    expect(readdirSync(root)).toContain('switchboard-0.1.0.tgz');
  }, 900_000);

  it('installs and scaffolds as the tutorial says', async () => {
    for (const command of setup) await run(command);
    expect(cwd).toBe(join(root, 'clinica'));
    const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
    expect(pkg.dependencies.switchboard).toMatch(/switchboard-0\.1\.0\.tgz$/);
    expect(pkg.scripts.start).toBe('switchboard start');
    expect(existsSync(join(cwd, 'node_modules', 'switchboard', '.build', 'src', 'cli', 'main.js'))).toBe(true);
    expect(existsSync(join(cwd, 'bots', 'clinica', 'bot.yaml'))).toBe(true);
    // The guides the README links to ship with it.
    expect(existsSync(join(cwd, 'node_modules', 'switchboard', 'docs', 'tutorial.md'))).toBe(true);
    // The scaffolded bot passes its own check before anything is changed.
    expect(await run('npx switchboard check clinica --no-cv')).toContain('clinica');
    editAsTheTutorialSays();
  }, 900_000);

  it("types: a bot's TypeScript sees the door's declarations", async () => {
    const bot = join(cwd, 'bots', 'eco');
    mkdirSync(bot, { recursive: true });
    writeFileSync(join(bot, 'bot.yaml'), 'id: eco\nlanguage: en\nunderstanding: { fallback: talk }\nintents:\n  talk: { label: Talk, examples: [hello there, hi, good morning, hey you, howdy] }\nreplies:\n  coded: "from code"\n');
    writeFileSync(join(bot, 'index.ts'), "import { defineBot, type Step } from 'switchboard';\nconst talk: Step = (ctx) => ({ segments: [{ intent: 'talk', text: ctx.reply('coded'), ok: true }] });\nexport default defineBot({ specialists: { talk } });\n");
    const tsc = join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = [tsc, '--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--allowImportingTsExtensions', join(bot, 'index.ts')];
    await exec(process.execPath, args, { cwd });
    writeFileSync(join(bot, 'wrong.ts'), "import { defineBot } from 'switchboard';\nexport default defineBot({ specialist: {} });\n");
    // A misspelt key is a type error (tsc prints it on stdout).
    const wrong = await exec(process.execPath, [...args.slice(0, -1), join(bot, 'wrong.ts')], { cwd }).then(
      () => '',
      (err: { stdout?: string }) => String(err.stdout),
    );
    expect(wrong).toMatch(/wrong\.ts.*'specialist'/);
    rmSync(join(bot, 'wrong.ts'));
  }, 300_000);

  it('check, eval and chat as the tutorial says, on bots with and without code', async () => {
    const rest = tutorial.slice(setup.length);
    for (const command of rest.filter((c) => !/switchboard (chat|start)/.test(c))) {
      const out = await run(command);
      if (command.includes('switchboard check')) expect(out).toMatch(/intent accuracy/);
      if (command.includes('switchboard eval')) expect(out).toMatch(/clinica/);
    }
    expect(existsSync(join(cwd, 'reports', 'eval-latest.json'))).toBe(true);
    // The project's scripts, as the tutorial names them.
    expect(await run('npm run check')).toMatch(/intent accuracy/);
    expect(await run('npm run eval')).toMatch(/clinica/);
    const chat = rest.find((c) => c.includes('switchboard chat'))!;
    ran.push(chat);
    const page = readFileSync(join(projectRoot, 'docs', 'tutorial.md'), 'utf8');
    const said = [...page.matchAll(/^> (.+)$/gm)].map((m) => m[1]);
    const session = spawnCommand(chat, { input: `${said.join('\n')}\n` });
    expect(await session.exited).toBe(0);
    expect(session.output()).toContain('clinica> Pronto, Maria Silva!');
    const eco = spawnCommand('npx switchboard chat eco', { input: 'hello there\n' });
    expect(await eco.exited).toBe(0);
    expect(eco.output()).toContain('eco> from code');
  }, 600_000);

  // The tutorial's `npx switchboard start`, then the project's `npm start` on the same data directory.
  it.each([[tutorial.find((c) => c.includes('switchboard start'))!], ['npm start']])('%s: serves the project’s bots over HTTP, then stops', async (start) => {
    ran.push(start);
    const port = await freePort();
    const server = spawnCommand(`exec ${start}`, { extraEnv: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(root, 'data') } });
    try {
      for (const t0 = Date.now(); !/Ready in/.test(server.output()); await new Promise((r) => setTimeout(r, 250))) {
        if (Date.now() - t0 > 240_000 || server.child.exitCode !== null) throw new Error(`no listening line:\n${server.output()}`);
      }
      const ask = async (bot: string, message: string) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/bots/${bot}/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) });
        expect(res.status).toBe(200);
        return ((await res.json()) as { reply: string }).reply;
      };
      expect(await ask('clinica', 'quanto custa uma limpeza?')).toContain('R$ 180');
      expect(await ask('eco', 'hello there')).toBe('from code');
    } finally {
      process.kill(-server.child.pid!, 'SIGTERM');
    }
    await server.exited;
    const answers = () => fetch(`http://127.0.0.1:${port}/api/health`).then(() => true, () => false);
    for (const t0 = Date.now(); (await answers()) && Date.now() - t0 < 60_000; ) await new Promise((r) => setTimeout(r, 500));
    expect(await answers()).toBe(false);
  }, 400_000);

  it('ran every command of the tutorial', () => {
    expect(ran).toEqual(expect.arrayContaining(tutorial));
    expect(tutorialProse).toEqual(['npm start', 'npm run check', 'npm run eval']);
    expect(ran).toEqual(expect.arrayContaining(tutorialProse));
  });
});
