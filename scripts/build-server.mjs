#!/usr/bin/env node
// Compiles the server (src/ and bots/, tests left out) to plain JavaScript in .build/, one file per source file
// at the same relative path, so `npm start` runs under plain Node. Running the TypeScript through tsx's loader
// costs about a second at start-up: the loader sits in front of every module Node loads, node_modules included.
// Run by `prestart` (only when a source is newer than the last build) and by `npm run build`.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './ensure-web.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const buildDir = join(root, '.build');
const stamp = join(buildDir, '.built');
const SOURCE_DIRS = ['src', 'bots'];

function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (/\.ts$/.test(entry.name) && !/\.(test|spec)\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Why .build needs compiling again, or null when it is current. */
export function serverStaleReason() {
  if (!existsSync(stamp)) return '.build is missing';
  const built = statSync(stamp).mtimeMs;
  const changed = SOURCE_DIRS.find((d) => newestMtime(join(root, d)) > built);
  return changed ? `${changed}/ changed since the last build` : null;
}

/**
 * Every relative import of a .ts file stays an import (of the compiled .js beside it), so each module is
 * loaded once, exactly as under tsx; JSON files are inlined; packages stay in node_modules.
 */
const keepModules = {
  name: 'keep-modules',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/.*\.ts$/ }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path.replace(/\.ts$/, '.js'), external: true }));
    // Bots import the runtime by its package name (`switchboard`, see package.json "exports"), which points at
    // TypeScript sources: in the build it becomes the relative import of the compiled door.
    build.onResolve({ filter: /^switchboard(?:\/.*)?$/ }, (args) => {
      const target = packageExports()[args.path === 'switchboard' ? '.' : `.${args.path.slice('switchboard'.length)}`];
      if (!target) return { errors: [{ text: `'${args.path}' is not exported by package.json` }] };
      const path = relative(dirname(args.importer), join(root, target)).replace(/\.ts$/, '.js').split(sep).join('/');
      return { path: path.startsWith('.') ? path : `./${path}`, external: true };
    });
  },
};

let exportsMap;
function packageExports() {
  return (exportsMap ??= JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports ?? {});
}

export async function buildServer() {
  const esbuild = await import('esbuild');
  const entryPoints = SOURCE_DIRS.flatMap((d) => sourceFiles(join(root, d)));
  await esbuild.build({
    entryPoints,
    outdir: buildDir,
    outbase: root,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'error',
    plugins: [keepModules],
  });
  await writeYamlAsJson();
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  return entryPoints.length;
}

/** The YAML data the server reads at start-up: each bots/<id>/bot.yaml and the built-in skills' lines. */
function yamlDataFiles() {
  const botsDir = join(root, 'bots');
  const skillsData = join(root, 'src', 'skills', 'data');
  return [
    ...readdirSync(botsDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => join(botsDir, e.name, 'bot.yaml'))
      .filter((f) => existsSync(f)),
    ...(existsSync(skillsData) ? readdirSync(skillsData).filter((f) => f.endsWith('.yaml')).map((f) => join(skillsData, f)) : []),
  ];
}

/**
 * Each of those files as <file>.json at the same place under .build/, which the compiled server reads instead
 * (src/yaml-file.ts: JSON parses far faster than YAML). A file that does not parse gets no copy: the server
 * reports its error.
 */
async function writeYamlAsJson() {
  const { parse } = await import('yaml');
  for (const file of yamlDataFiles()) {
    const target = join(buildDir, `${relative(root, file)}.json`);
    rmSync(target, { force: true });
    let data;
    try {
      data = parse(readFileSync(file, 'utf8'));
    } catch {
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(data));
  }
}

/** Builds only when needed; returns whether it built. */
export async function ensureServerBuilt({ log = console.log } = {}) {
  const reason = serverStaleReason();
  if (!reason) return false;
  const t0 = Date.now();
  const files = await buildServer();
  log(`[server] Compiled ${files} files to ${relative(process.cwd(), buildDir) || buildDir}/ in ${((Date.now() - t0) / 1000).toFixed(1)} s (${reason})`);
  return true;
}

// `node scripts/build-server.mjs` compiles when a source changed; `--force` always does.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const run = process.argv.includes('--force') ? buildServer().then((n) => console.log(`[server] Compiled ${n} files to .build/`)) : ensureServerBuilt();
  run.catch((err) => {
    console.error(`[server] ${err.message}`);
    process.exit(1);
  });
}
