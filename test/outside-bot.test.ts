// A bot in a folder of its own, outside this repository (SWITCHBOARD_BOTS_DIR, a path given to a command): its
// index.ts imports `switchboard` and gets the running runtime's door, and a bot whose code cannot load makes the
// command exit with the error and what to do — it never waits.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.ts';

const root = mkdtempSync(join(tmpdir(), 'switchboard-outside-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function bot(id: string, code: string): string {
  const dir = join(root, id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'bot.yaml'),
    `id: ${id}\nlanguage: en\nunderstanding: { fallback: talk }\nintents:\n  talk: { label: Talk, examples: [hello there, hi, good morning, hey you, howdy] }\nreplies:\n  talk: "from yaml"\n  coded: "from code"\n`,
  );
  writeFileSync(join(dir, 'index.ts'), code);
  return dir;
}

/** Runs `switchboard chat <dir>` with one message; resolves with the exit code and output, or 'timeout'. */
function chat(dir: string, message: string): Promise<{ code: number | null | 'timeout'; out: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [join(projectRoot, 'bin', 'switchboard.js'), 'chat', dir], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.stdin.end(`${message}\n`);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolvePromise({ code: 'timeout', out });
    }, 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, out });
    });
  });
}

describe('a bot outside the repository', () => {
  it("imports 'switchboard' and answers with its code", async () => {
    const dir = bot('eco', `import { defineBot } from 'switchboard';\nexport default defineBot({ specialists: { talk: (ctx) => ({ segments: [{ intent: 'talk', text: ctx.reply('coded'), ok: true }] }) } });\n`);
    const { code, out } = await chat(dir, 'hello there');
    expect(out).toContain('eco> from code');
    expect(code).toBe(0);
  }, 120_000);

  it("reads its bot.yaml's words through the runtime, from a turn and from a module of its own", async () => {
    const dir = bot('words', `import { defineBot } from 'switchboard';\nimport { greetingOf } from './lib/words.ts';\nexport default defineBot({ specialists: { talk: (ctx) => ({ segments: [{ intent: 'talk', text: \`\${greetingOf(ctx.text)} / \${ctx.says('when')}\`, ok: true }] }) } });\n`);
    writeFileSync(join(dir, 'bot.yaml'), `id: words\nlanguage: en\nunderstanding: { fallback: talk }\nintents:\n  talk: { label: Talk, examples: [hello there, hi, good morning, hey you, howdy] }\ngazetteers:\n  - { type: greeting, values: { morning: [good morning], hello: [hello, hi] } }\nentities:\n  - { type: when, pattern: '\\b(?:there|today)\\b' }\n`);
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'words.ts'), `import { botVocabulary } from 'switchboard';\nconst { mentioned } = botVocabulary(import.meta.url);\nexport const greetingOf = (text: string): string => mentioned('greeting', text).join(',');\n`);
    const { code, out } = await chat(dir, 'hello there');
    expect(out).toContain('words> hello / there');
    expect(code).toBe(0);
  }, 120_000);

  it('searches its own CSV table from code (tables:, search:, ctx.search), the tool shown once with its label', async () => {
    const code = `import { defineBot, showValue, type Step } from 'switchboard';
interface Plant { name: string; price: number; stock: number }
const stock: Step = async (ctx) => {
  const plant = ctx.mentioned('plant')[0];
  const { rows } = plant ? await ctx.search<Plant>('plants', { filters: { name: plant } }) : { rows: [] };
  const row = rows[0];
  const text = row ? ctx.reply(row.stock > 0 ? 'in_stock' : 'sold_out', { ...row, price: showValue('number', row.price, 'en') }) : 'which plant?';
  return { segments: [{ intent: 'stock', ok: true, text }] };
};
export default defineBot({ specialists: { stock } });
`;
    const dir = bot('nursery', code);
    mkdirSync(join(dir, 'data'));
    writeFileSync(join(dir, 'data', 'plants.csv'), 'name,price,stock\nMonstera,9800,4\nLavender,4200,0\n');
    writeFileSync(
      join(dir, 'bot.yaml'),
      [
        'id: nursery',
        'language: en',
        'understanding: { fallback: talk }',
        'intents:',
        '  talk: { label: Talk, examples: [hello there, hi, good morning, hey you, howdy] }',
        '  stock: { label: Stock, examples: [do you have monstera, is there lavender, price of the monstera, any lavender left, how much is a monstera] }',
        'gazetteers:',
        '  - { type: plant, values: { Monstera: [monsteras], Lavender: [lavenders] } }',
        'tables:',
        '  nursery_plants:',
        '    dir: data',
        '    sources: [{ file: plants.csv, columns: { name: { from: name }, price: { from: price, type: number }, stock: { from: stock, type: number } } }]',
        'search:',
        '  plants: { table: nursery_plants, tool: findPlant, columns: { name: text, price: number, stock: number }, filters: { name: { match: equal, column: name } } }',
        'toolLabels: { findPlant: "Looking in the greenhouse…" }',
        'replies:',
        '  talk: "hello"',
        '  in_stock: "{name}: {price}, {stock} left"',
        '  sold_out: "{name} is sold out"',
        '',
      ].join('\n'),
    );
    const { code: exit, out } = await chat(dir, 'do you have a monstera?');
    expect(out).toContain('nursery> Monstera: 9,800, 4 left');
    expect(out).toMatch(/Looking in the greenhouse…\n/);
    expect(exit).toBe(0);
  }, 120_000);

  it('whose code imports a package that is not installed: the command exits non-zero, naming it and what to do', async () => {
    const dir = bot('broken', `import { thing } from 'not-installed-anywhere';\nexport default { specialists: { talk: thing } };\n`);
    const { code, out } = await chat(dir, 'hi');
    expect(code).toBe(1);
    expect(out).toContain("bot 'broken'");
    expect(out).toContain('npm install not-installed-anywhere');
  }, 120_000);

  it('whose code throws while loading: the command exits non-zero with the error', async () => {
    const dir = bot('throws', `throw new Error('no settings file');\n`);
    const { code, out } = await chat(dir, 'hi');
    expect(code).toBe(1);
    expect(out).toMatch(/bot 'throws'.*failed to load: no settings file/);
  }, 120_000);
});
