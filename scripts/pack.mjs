#!/usr/bin/env node
// npm run build:package [-- --out DIR] — the package a bot author installs (`npm install switchboard-<version>.tgz`): the
// server compiled to JavaScript (.build/src, as `npm start` runs it), the runtime's data files beside their
// sources (src/, tests left out), the door's declarations (types/), the built console (web/dist) and a `switchboard`
// bin that runs the compiled CLI. Not the reference bots. It is staged in .pack/switchboard/ with its own
// package.json (exports with types) and packed there with `npm pack`, so this repository's package.json — whose
// exports point at the TypeScript sources for its own tools — stays as it is.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';
import { ensureWebBuilt } from './ensure-web.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const stage = join(root, '.pack', 'switchboard');
const outAt = process.argv.indexOf('--out');
const out = resolve(outAt >= 0 ? process.argv[outAt + 1] : root);
const log = (m) => console.error(`[pack] ${m}`);

const repo = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** `./src/x.ts` → its compiled module and its declarations. */
function door(source) {
  const base = source.replace(/^\.\//, '').replace(/\.ts$/, '');
  return { types: `./types/${base}.d.ts`, default: `./.build/${base}.js` };
}

log('compiling the server');
await buildServer();
await ensureWebBuilt({ quiet: true, log });
rmSync(join(root, '.pack'), { recursive: true, force: true });
mkdirSync(stage, { recursive: true });

log('writing the declarations');
execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.types.json')], { cwd: root, stdio: 'inherit' });
// The sources import each other as `./x.ts`; the declarations sit beside no .ts file, so they name `./x.js`
// (which TypeScript maps to `./x.d.ts`).
for (const file of walk(join(root, '.pack', 'types'))) {
  if (!file.endsWith('.d.ts')) continue;
  const text = readFileSync(file, 'utf8');
  const fixed = text.replace(/(['"])(\.{1,2}\/[^'"]*?)\.tsx?\1/g, '$1$2.js$1');
  if (fixed !== text) writeFileSync(file, fixed);
}
cpSync(join(root, '.pack', 'types'), join(stage, 'types'), { recursive: true });

log('copying the runtime');
cpSync(join(root, '.build', 'src'), join(stage, '.build', 'src'), { recursive: true });
cpSync(join(root, 'src'), join(stage, 'src'), { recursive: true, filter: (src) => !/\.(test|spec)\.tsx?$/.test(src) });
cpSync(join(root, 'web', 'dist'), join(stage, 'web', 'dist'), { recursive: true });
cpSync(join(root, 'README.md'), join(stage, 'README.md'));
// The guides the README links to, so a project reads them in node_modules/switchboard/docs/.
cpSync(join(root, 'docs'), join(stage, 'docs'), { recursive: true });
mkdirSync(join(stage, 'bin'));
writeFileSync(join(stage, 'bin', 'switchboard.js'), "#!/usr/bin/env node\n// The installed package's CLI: the compiled server, under plain Node.\nimport '../.build/src/cli/main.js';\n", { mode: 0o755 });

const manifest = {
  name: repo.name,
  version: repo.version,
  description: repo.description,
  type: 'module',
  license: repo.license,
  engines: repo.engines,
  bin: { switchboard: 'bin/switchboard.js' },
  types: door(repo.exports['.']).types,
  exports: Object.fromEntries([...Object.entries(repo.exports).map(([k, v]) => [k, door(v)]), ['./package.json', './package.json']]),
  files: ['bin', '.build', 'src', 'types', 'web/dist', 'docs', 'README.md'],
  dependencies: repo.dependencies,
};
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

log('npm pack');
mkdirSync(out, { recursive: true });
const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: stage, encoding: 'utf8' }).trim().split('\n').pop();
console.log(join(out, packed));

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}
