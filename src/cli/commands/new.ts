// switchboard new <name> [--lang pt-BR|es|en] — a bot project: package.json depending on switchboard, a README, and
// bots/<name>/ with a bot.yaml, a knowledge document and conversation tests that `check` and `eval` pass.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { projectRoot, sourcePath } from '../../paths.ts';
import { commandArgs } from '../args.ts';

const USAGE = `Usage: switchboard new <name> [options]

Makes a bot project in the folder <name> (or adds the bot to the project in it, "." for the current folder):
  package.json              depends on switchboard; npm start / npm run check / npm run eval
  README.md                 what to do next
  bots/<id>/bot.yaml        intents with examples, replies, the hand-over
  bots/<id>/knowledge/      the documents the bot answers from
  bots/<id>/conversations.yaml   conversation tests (switchboard eval)

Options:
  --lang LANG          the bot's language: pt-BR, es or en (default: en); change language: in bot.yaml for a region
                       (es-AR, en-GB) or for vi
  --id ID              the bot's id (default: the folder's name)
  --switchboard SPEC   the dependency on switchboard in package.json (default: this version, or the spec of the
                       project the command runs in — a tarball's path stays valid)`;

const LANGUAGES = ['pt-BR', 'es', 'en'] as const;
/** The knowledge document each template writes. */
const KNOWLEDGE_FILE: Record<(typeof LANGUAGES)[number], string> = { 'pt-BR': 'sobre.md', es: 'sobre.md', en: 'about.md' };

interface Template {
  bot: string;
  knowledge: string;
  conversations: string;
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(id|name)\}/g, (_, k: string) => values[k]);

/** The name a bot id gives a shop: `oficina-do-ze` → `Oficina Do Ze`. */
const titleOf = (id: string) => id.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

/**
 * The dependency on switchboard a new project gets: `--switchboard`, else the spec of the project the command runs
 * in (a `file:` tarball rebased to the new folder), else this package's version.
 */
export function switchboardSpec(target: string, cwd: string, option?: string): string {
  if (option) return option;
  const here = join(cwd, 'package.json');
  const spec = existsSync(here) ? (JSON.parse(readFileSync(here, 'utf8')) as { dependencies?: Record<string, string> }).dependencies?.switchboard : undefined;
  if (spec?.startsWith('file:')) return `file:${relative(target, resolve(cwd, spec.slice(5))) || '.'}`;
  if (spec) return spec;
  return `^${(JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version}`;
}

function writeNew(file: string, text: string, written: string[]): void {
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  written.push(file);
}

/** Writes the project; returns the files written (an existing file is left as it is). */
export function scaffold(target: string, opts: { lang: (typeof LANGUAGES)[number]; id: string; spec: string }): string[] {
  const template = parse(readFileSync(join(dirname(sourcePath(import.meta.url)), '..', 'scaffold', `${opts.lang}.yaml`), 'utf8')) as Template;
  const values = { id: opts.id, name: titleOf(opts.id) };
  const written: string[] = [];
  const pkgFile = join(target, 'package.json');
  if (existsSync(pkgFile)) {
    // An existing project: add the dependency and the scripts it lacks, keep the rest.
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { type?: string; scripts?: Record<string, string>; dependencies?: Record<string, string> };
    pkg.type ??= 'module';
    pkg.scripts = { start: 'switchboard start', check: 'switchboard check', eval: 'switchboard eval', ...pkg.scripts };
    if (pkg.scripts.test?.includes('no test specified')) pkg.scripts.test = 'switchboard eval';
    pkg.dependencies = { switchboard: opts.spec, ...pkg.dependencies };
    writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  } else {
    const pkg = {
      name: basename(target),
      private: true,
      type: 'module',
      scripts: { start: 'switchboard start', check: 'switchboard check', eval: 'switchboard eval', test: 'switchboard eval' },
      dependencies: { switchboard: opts.spec },
    };
    writeNew(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`, written);
  }
  const bot = join(target, 'bots', opts.id);
  writeNew(join(bot, 'bot.yaml'), fill(template.bot, values), written);
  writeNew(join(bot, 'knowledge', KNOWLEDGE_FILE[opts.lang]), fill(template.knowledge, values), written);
  writeNew(join(bot, 'conversations.yaml'), fill(template.conversations, values), written);
  writeNew(join(target, '.gitignore'), 'node_modules/\ndata/\nreports/\n', written);
  writeNew(join(target, 'README.md'), readme(opts.id), written);
  return written;
}

function readme(id: string): string {
  return `# ${titleOf(id)}

A customer-service bot on Switchboard. Its folder is \`bots/${id}/\`: \`bot.yaml\` (intents with examples, replies,
the hand-over), \`knowledge/\` (the documents it answers from) and \`conversations.yaml\` (its tests). More bots are
more folders under \`bots/\`. The guides are in \`node_modules/switchboard/docs/\`: start with \`tutorial.md\`.

\`\`\`sh
npm install                      # once
npx switchboard check            # what is wrong with each bot, and how well it tells its intents apart
npx switchboard chat ${id.padEnd(15)}  # talk to it in the terminal
npx switchboard eval             # play conversations.yaml (reports in reports/, or --out DIR)
npx switchboard start            # the API, a simulator and the operator console on http://localhost:3000
\`\`\`

Code, when data is not enough, goes in \`bots/${id}/index.ts\`:
\`import { defineBot } from 'switchboard'\`.
`;
}

export async function run(argv: string[]): Promise<number> {
  const args = commandArgs('new', USAGE, argv, {
    allowPositionals: true,
    options: { lang: { type: 'string', default: 'en' }, id: { type: 'string' }, switchboard: { type: 'string' } },
  });
  if (typeof args === 'number') return args;
  const { values, positionals } = args;
  const lang = values.lang as (typeof LANGUAGES)[number];
  if (positionals.length !== 1) {
    console.error(`switchboard new: name the project's folder\n\n${USAGE}`);
    return 2;
  }
  if (!LANGUAGES.includes(lang)) {
    console.error(`switchboard new: --lang must be one of ${LANGUAGES.join(', ')} (got '${lang}')`);
    return 2;
  }
  const target = resolve(positionals[0]);
  const id = values.id ?? basename(target).toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) {
    console.error(`switchboard new: '${id}' is no bot id (lowercase letters, digits and -): give one with --id`);
    return 2;
  }
  if (existsSync(join(target, 'bots', id, 'bot.yaml'))) {
    console.error(`switchboard new: ${join(target, 'bots', id)} already has a bot.yaml`);
    return 1;
  }
  const installed = existsSync(join(target, 'node_modules', 'switchboard'));
  const written = scaffold(target, { lang, id, spec: switchboardSpec(target, process.cwd(), values.switchboard) });
  for (const file of written) console.log(`  wrote ${relative(process.cwd(), file) || file}`);
  const cd = relative(process.cwd(), target);
  console.log(`\nNext:${cd ? ` cd ${cd} &&` : ''}${installed ? '' : ' npm install &&'} npx switchboard check && npx switchboard start`);
  return 0;
}
