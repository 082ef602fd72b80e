import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkBot } from '../../bot/index.ts';
import { scaffold, switchboardSpec } from './new.ts';
import { run as runEval } from './eval.ts';

const temp = () => mkdtempSync(join(tmpdir(), 'sb-new-'));

afterEach(() => vi.restoreAllMocks());

describe('switchboard new', () => {
  it.each(['pt-BR', 'es', 'en'] as const)('writes a %s project whose bot passes check with no finding', (lang) => {
    const project = join(temp(), 'loja-do-ze');
    const written = scaffold(project, { lang, id: 'loja-do-ze', spec: '^0.1.0' });
    expect(written.map((f) => f.slice(project.length + 1)).sort()).toEqual(
      ['.gitignore', 'README.md', 'bots/loja-do-ze/bot.yaml', 'bots/loja-do-ze/conversations.yaml', `bots/loja-do-ze/knowledge/${lang === 'en' ? 'about' : 'sobre'}.md`, 'package.json'].sort(),
    );
    expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).dependencies).toEqual({ switchboard: '^0.1.0' });
    const c = checkBot(join(project, 'bots', 'loja-do-ze'), { folds: 3 });
    expect(c.findings).toEqual([]);
    expect(c.id).toBe('loja-do-ze');
    expect(readFileSync(join(project, 'bots', 'loja-do-ze', 'bot.yaml'), 'utf8')).toContain('name: Loja Do Ze');
  });

  it('adds a bot to an existing project, keeping its package.json and its dependency on a tarball', () => {
    const project = temp();
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'mine', dependencies: { switchboard: 'file:../pkg/switchboard-0.1.0.tgz', zod: '4.0.0' } }));
    scaffold(project, { lang: 'en', id: 'shop', spec: switchboardSpec(project, project) });
    const pkg = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    expect(pkg.dependencies).toEqual({ switchboard: 'file:../pkg/switchboard-0.1.0.tgz', zod: '4.0.0' });
    expect(pkg.scripts.start).toBe('switchboard start');
    expect(switchboardSpec(join(project, 'sub'), project)).toBe('file:../../pkg/switchboard-0.1.0.tgz');
  });
});

describe('switchboard eval on a new project', () => {
  it('plays the scaffolded conversations and writes its reports where --out says', async () => {
    const project = join(temp(), 'clinic');
    scaffold(project, { lang: 'pt-BR', id: 'clinic', spec: '^0.1.0' });
    const out = join(project, 'my-reports');
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const code = await runEval(['--bots-dir', join(project, 'bots'), '--no-compare-models', '--out', out]);
    expect(code).toBe(0);
    expect(readdirSync(out)).toEqual(expect.arrayContaining(['eval-latest.html', 'eval-latest.json']));
  }, 180_000);

  it('refuses a bot that check rejects, naming the error, and plays nothing', async () => {
    const project = join(temp(), 'clinic');
    scaffold(project, { lang: 'en', id: 'clinic', spec: '^0.1.0' });
    const yaml = join(project, 'bots', 'clinic', 'bot.yaml');
    writeFileSync(yaml, readFileSync(yaml, 'utf8').replace('    handoff: true', '    handof: true'));
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    const out = join(project, 'my-reports');
    expect(await runEval(['--bots-dir', join(project, 'bots'), '--out', out])).toBe(1);
    expect(errors.join('\n')).toMatch(/clinic does not pass switchboard check[\s\S]*handof/);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
