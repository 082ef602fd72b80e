// The project's dependency rules, checked on every `npm test`: bots use the runtime only through its public
// door (`switchboard`), the engine knows nothing of the transport or of any bot, the core speaks in domain
// errors, and no bot is named in the runtime.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') sourceFiles(path, out);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.split(sep).join('/'));
  }
  return out;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/testing/');

/** Every module specifier a file imports or re-exports (static and dynamic). */
function importsOf(text: string): string[] {
  const specs = [...text.matchAll(/(?:^|[\s;])(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)];
  return specs.map((m) => m[1] ?? m[2] ?? m[3]);
}

/** A relative specifier as a repository path ('src/store/index.ts'); packages stay as they are. */
function target(file: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  return relative(root, resolve(root, dirname(file), spec)).split(sep).join('/');
}

function violations(files: string[], forbidden: (target: string, file: string) => boolean, read = (file: string) => readFileSync(join(root, file), 'utf8')): string[] {
  return files.flatMap((file) => importsOf(read(file)).filter((spec) => forbidden(target(file, spec), file)).map((spec) => `${file} → ${spec}`));
}

const ownFolder = (file: string) => file.split('/').slice(0, 2).join('/') + '/';
const deepFromBot = (t: string, file: string) => t.startsWith('src/') || (t.startsWith('bots/') && !t.startsWith(ownFolder(file)));
const outOfEngine = (t: string) => /^(src\/(server|channels|cli)\/|bots\/)/.test(t);

const botIds = readdirSync(join(root, 'bots')).filter((d) => existsSync(join(root, 'bots', d, 'bot.yaml')));

describe('dependency rules', () => {
  it('bots reach the runtime only through `switchboard` (and not into each other)', () => {
    const files = sourceFiles('bots');
    expect(files.length).toBeGreaterThan(10);
    expect(violations(files, deepFromBot)).toEqual([]);
  });

  it('the engine imports neither the server, the channels, the CLI nor a bot', () => {
    const files = sourceFiles('src/engine').filter((f) => !isTest(f));
    expect(violations(files, outOfEngine)).toEqual([]);
  });

  it('the console imports nothing of the server but the wire contract', () => {
    const files = sourceFiles('web/src');
    expect(files.length).toBeGreaterThan(5);
    expect(violations(files, (t) => (t.startsWith('src/') && t !== 'src/contract/index.ts') || t.startsWith('bots/'))).toEqual([]);
  });

  it('no runtime module imports a bot', () => {
    expect(violations(sourceFiles('src'), (t) => t.startsWith('bots/'))).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    const sources: Record<string, string> = {
      'bots/demo/index.ts': `import { defineBot } from 'switchboard';\nimport type { Sql } from '../../src/store/types.ts';\nimport { x } from './x.ts';\nimport { y } from '../other/y.ts';`,
      'src/engine/demo.ts': `import type { Runtime } from './runtime.ts';\nexport { app } from '../server/app.ts';\nconst b = await import('../../bots/demo/index.ts');`,
    };
    const read = (file: string) => sources[file];
    expect(violations(['bots/demo/index.ts'], deepFromBot, read)).toEqual(['bots/demo/index.ts → ../../src/store/types.ts', 'bots/demo/index.ts → ../other/y.ts']);
    expect(violations(['src/engine/demo.ts'], outOfEngine, read)).toEqual(['src/engine/demo.ts → ../server/app.ts', 'src/engine/demo.ts → ../../bots/demo/index.ts']);
  });
});

/** What a file loads when it is evaluated: its value imports and re-exports (type-only ones and `import()` left out). */
function staticImportsOf(text: string): string[] {
  const specs = [...text.matchAll(/(?:^|[\s;])(import|export)\s+(type\s)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]/gm)];
  return specs.filter((m) => !m[2]).map((m) => m[3] ?? m[4]);
}

/** Every package a module loads, following its relative imports (`switchboard` is the public door). */
function packagesLoadedBy(entries: string[], read = (file: string) => readFileSync(join(root, file), 'utf8')): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImportsOf(read(file))) {
      if (spec === 'switchboard') visit('src/public/index.ts');
      else if (spec.startsWith('.')) visit(target(file, spec));
      else packages.add(spec);
    }
  };
  entries.forEach(visit);
  return packages;
}

const PROVIDER_SDK = /^@langchain\/(openai|anthropic|google-genai|ollama)\b/;

/** The names a door module exports (`export { a, type B as C } from …`, `export function d`). */
function exportedNames(text: string): string[] {
  const listed = [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
    m[1].split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()!.trim()).filter(Boolean),
  );
  const declared = [...text.matchAll(/export\s+(?:async\s+)?(?:const|function|class|type|interface)\s+(\w+)/g)].map((m) => m[1]);
  return [...listed, ...declared];
}

describe('the public door', () => {
  const MAX_DOOR_NAMES = 100;
  const door = exportedNames(readFileSync(join(root, 'src/public/index.ts'), 'utf8'));

  it(`exports at most ${MAX_DOOR_NAMES} names: what the bots use, not the runtime's insides`, () => {
    expect(new Set(door).size).toBe(door.length);
    expect(door.length).toBeLessThanOrEqual(MAX_DOOR_NAMES);
  });

  it("exports nothing no bot's code uses (a bot's tests have `switchboard/testing`)", () => {
    const used = new Set(
      sourceFiles('bots').filter((f) => !isTest(f)).flatMap((f) =>
        [...readFileSync(join(root, f), 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'switchboard'/g)].flatMap((m) =>
          m[1].split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim()).filter(Boolean),
        ),
      ),
    );
    expect(door.filter((name) => !used.has(name))).toEqual([]);
  });

  it('counts the names of both export forms', () => {
    expect(exportedNames("export { a, type B, c as d } from './x.ts';\nexport type { E } from './y.ts';\nexport function f() {}")).toEqual(['a', 'B', 'd', 'E', 'f']);
  });
});

describe('start-up', () => {
  it('serving only local bots loads no model provider SDK: `start` and every bot reach them only through import()', () => {
    const bots = botIds.map((id) => `bots/${id}/index.ts`).filter((f) => existsSync(join(root, f)));
    const loaded = [...packagesLoadedBy(['src/cli/commands/start.ts', ...bots])];
    expect(loaded).toContain('@langchain/langgraph');
    expect(loaded.filter((p) => PROVIDER_SDK.test(p))).toEqual([]);
  });

  it('follows value imports and re-exports, not type-only ones', () => {
    const sources: Record<string, string> = {
      'src/a.ts': `import type { T } from './types.ts';\nexport { x } from './b.ts';\nconst m = await import('@langchain/ollama');`,
      'src/b.ts': `import { type C, ChatOpenAI } from '@langchain/openai';\nexport type { D } from '@langchain/anthropic';`,
      'src/types.ts': `import '@langchain/google-genai';`,
    };
    expect([...packagesLoadedBy(['src/a.ts'], (f) => sources[f])]).toEqual(['@langchain/openai']);
  });
});

describe('the core', () => {
  it('speaks in domain errors: no HttpError or HTTP status in src/engine', () => {
    const offenders = sourceFiles('src/engine')
      .filter((f) => !isTest(f))
      .filter((f) => /\bHttpError\b|\bstatus(?:Code)?\s*[:=(]\s*[1-5]\d\d\b|\.status\(\s*[1-5]\d\d/.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('names no bot (the bench and eval tools measure named reference bots and are left out)', () => {
    const ids = new RegExp(`['"\`/ ](${botIds.map((id) => id.replace(/-/g, '\\-')).join('|')})\\b`);
    const offenders = sourceFiles('src')
      .filter((f) => !isTest(f) && !/^src\/(bench|eval)\/|^src\/cli\/commands\/(bench|eval)\.ts$/.test(f))
      .flatMap((f) => readFileSync(join(root, f), 'utf8').split('\n').map((line, i) => [f, i + 1, line] as const))
      .filter(([, , line]) => ids.test(line.toLowerCase()))
      .map(([f, n, line]) => `${f}:${n}: ${line.trim()}`);
    expect(botIds.length).toBeGreaterThanOrEqual(5);
    expect(offenders).toEqual([]);
  });
});

/** A cast of what defineBot<Services, Memory, Data> types: `ctx.services as`, `ctx.memory.x as`, `(ctx.data as …)[k]`. */
const TYPED_BY_DEFINE_BOT_CAST = /\b(?:ctx|context)\.(?:services|memory|data)(?:\.\w+|\[[^\]]*\])*\)?\s+as\s+(?!const\b)|\(\s*(?:services|memory)\s+as\s/;

describe('bot typing', () => {
  it('bots need no cast for their services, memory or turn data: defineBot<Services, Memory, Data> types them', () => {
    const offenders = sourceFiles('bots')
      .filter((f) => !isTest(f))
      .flatMap((f) => readFileSync(join(root, f), 'utf8').split('\n').map((line, i) => [f, i + 1, line] as const))
      .filter(([, , line]) => TYPED_BY_DEFINE_BOT_CAST.test(line))
      .map(([f, n, line]) => `${f}:${n}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('catches the casts it is meant to catch', () => {
    for (const line of [
      'const stored = ctx.memory[MEMORY_KEY] as FormState | undefined;',
      'const f = ctx.data.followUp as FollowUp;',
      '(ctx.data as Record<string, unknown>)[KEY] = profile;',
      'return (services as MyServices | undefined) ?? fallback;',
      'catalog: (context.services as MyServices).catalog,',
    ])
      expect(TYPED_BY_DEFINE_BOT_CAST.test(line), line).toBe(true);
    for (const line of ["const kind = 'new' as const;", 'const d = msg.data as { error?: string };', 'const stored = ctx.memory.match ?? undefined;'])
      expect(TYPED_BY_DEFINE_BOT_CAST.test(line), line).toBe(false);
  });
});

describe('module size', () => {
  const MAX_LINES = 400;
  /** Lines as `wc -l` counts them. */
  const lineCount = (text: string) => text.match(/\n/g)?.length ?? 0;

  it(`no source file under src/ (tests aside) is longer than ${MAX_LINES} lines: a longer one is split along a seam`, () => {
    const files = sourceFiles('src').filter((f) => !/\.test\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .map((f) => [f, lineCount(readFileSync(join(root, f), 'utf8'))] as const)
      .filter(([, n]) => n > MAX_LINES)
      .map(([f, n]) => `${f}: ${n} lines`);
    expect(offenders).toEqual([]);
  });

  it('counts lines as wc -l does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(1);
  });
});
