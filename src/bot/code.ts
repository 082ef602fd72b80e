// A bot's code (its index.ts). Bots of this repository run as they are under tsx, or from their compiled copy in
// .build/. A bot anywhere else (an author's own project, SWITCHBOARD_BOTS_DIR) is compiled on the fly by esbuild
// into one ES module whose `switchboard` imports are the running runtime's own door — the same module instances,
// whatever the bot's folder has installed — whose other packages resolve from the bot's folder, and whose modules
// keep their own `import.meta.url`. Whatever goes
// wrong is a BotConfigError that says what to do; nothing is left waiting.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BotDefinition } from '../engine/types.ts';
import { compiled, projectRoot, runnableModule } from '../paths.ts';
import { BotConfigError } from './errors.ts';
import type { Plugin } from 'esbuild';

/** `switchboard` and its documented subpaths → the runtime's own modules (compiled or TypeScript, as it runs). */
export function runtimeDoors(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { exports?: Record<string, string | Record<string, string>> };
  const doors: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    const name = subpath === '.' ? 'switchboard' : `switchboard${subpath.slice(1)}`;
    doors[name] = runnableModule(join(projectRoot, doorSource(target)));
  }
  return doors;
}

/** The TypeScript source an export names: the repository's `./src/x.ts`, or the package's `{ source, types, default }`. */
function doorSource(target: string | Record<string, string>): string {
  if (typeof target === 'string') return target;
  return target.source ?? target.default.replace(/^\.\/\.build\//, './').replace(/\.js$/, '.ts');
}

/** Loads a bot's code: what its index.ts exports by default. */
export async function importBotCode(id: string, entry: string): Promise<BotDefinition> {
  const inside = entry.startsWith(projectRoot + sep);
  const module = inside && compiled ? runnableModule(entry) : inside ? entry : await compileOutsideBot(id, entry);
  if (module !== entry && inside && !existsSync(module)) {
    throw new BotConfigError(`bot '${id}': ${module} is missing — run \`npm run build\` (or \`npm start\`, which compiles when needed)`);
  }
  let loaded: { default?: BotDefinition };
  try {
    loaded = (await import(pathToFileURL(module).href)) as { default?: BotDefinition };
  } catch (err) {
    throw new BotConfigError(`bot '${id}': its code (${entry}) failed to load: ${(err as Error).message}${hintFor(err)}`);
  }
  if (!loaded.default) throw new BotConfigError(`bot '${id}': ${entry} has no default export — end it with \`export default defineBot({ … })\``);
  return loaded.default;
}

function hintFor(err: unknown): string {
  const package_ = /Cannot find (?:package|module) '([^']+)'/.exec((err as Error).message)?.[1];
  if (package_ && !package_.startsWith('.') && !package_.startsWith('/')) return `\n  install it in the bot's project: npm install ${package_.split('/').slice(0, package_.startsWith('@') ? 2 : 1).join('/')}`;
  return '';
}

/** Each of the bot's own modules keeps its `import.meta.url` (`botVocabulary(import.meta.url)` finds the bot's folder). */
const moduleUrls: Plugin = {
  name: 'switchboard-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)), loader: /\.[cm]?ts$/.test(path) ? 'ts' : 'js' };
    });
  },
};

/**
 * The bot's index.ts (with its own relative imports) as one ES module under the system's temporary folder, named
 * by a hash of its path and text. Packages stay imports, resolved from the bot's folder to absolute paths, so the
 * module runs from anywhere.
 */
async function compileOutsideBot(id: string, entry: string): Promise<string> {
  const esbuild = await import('esbuild');
  const doors = runtimeDoors();
  let result;
  try {
    result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: 'inline',
      logLevel: 'silent',
      plugins: [
        {
          name: 'switchboard-doors',
          setup(build) {
            build.onResolve({ filter: /^[^./]/ }, async (args) => {
              if (doors[args.path]) return { path: pathToFileURL(doors[args.path]).href, external: true };
              if (args.path.startsWith('node:') || args.pluginData === 'resolving') return undefined;
              const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'resolving' });
              if (found.errors.length) return { errors: found.errors };
              return { path: found.external ? args.path : pathToFileURL(found.path).href, external: true };
            });
          },
        },
        moduleUrls,
      ],
    });
  } catch (err) {
    const errors = (err as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors ?? [];
    const lines = errors.map((e) => `  ${e.location ? `${e.location.file}:${e.location.line}: ` : ''}${e.text}`).join('\n');
    const missing = errors.map((e) => /Could not resolve "([^"]+)"/.exec(e.text)?.[1]).find((p) => p && !p.startsWith('.'));
    const hint = missing ? `\n  install it in the bot's project: npm install ${missing}` : '';
    throw new BotConfigError(`bot '${id}': its code (${entry}) does not compile:\n${lines || (err as Error).message}${hint}`);
  }
  const code = result.outputFiles[0].text;
  const hash = createHash('sha256').update(entry).update(code).digest('hex').slice(0, 16);
  const out = join(tmpdir(), 'switchboard-bots', `${id}-${hash}.mjs`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, code);
  return out;
}
