#!/usr/bin/env node
// Runs before `npm start` (prestart): builds the web console into web/dist when it is missing or older than
// its sources (web/src, web/index.html, web/vite.config.ts), with the project's own vite. Importable too:
// the browser tests call ensureWebBuilt() before they start.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'web');
const builtIndex = join(web, 'dist', 'index.html');

/** The newest modification time of a file, or of anything under a folder (0 when missing). */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why the console needs building, or null when web/dist is current. */
export function staleReason() {
  if (!existsSync(builtIndex)) return 'web/dist is missing';
  const built = statSync(builtIndex).mtimeMs;
  const sources = Math.max(newestMtime(join(web, 'src')), newestMtime(join(web, 'index.html')), newestMtime(join(web, 'vite.config.ts')));
  return sources > built ? 'web/src changed since the last build' : null;
}

/** Builds with node_modules/.bin/vite; rejects with a message that says what to do. */
export function buildWeb({ quiet = false } = {}) {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) return Promise.reject(new Error('vite is not installed (node_modules/vite is missing): run `npm install` first'));
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--config', join(web, 'vite.config.ts')], {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && existsSync(builtIndex)) resolvePromise();
      else reject(new Error(`the web console build failed (vite exited with ${code}).${output ? `\n${output.trim()}` : ''}\nFix the error above and run \`npm run build:web\`.`));
    });
  });
}

/** Builds only when needed; returns whether it built. */
export async function ensureWebBuilt({ quiet = false, log = console.log } = {}) {
  const reason = staleReason();
  if (!reason) return false;
  log(`[web] Building the web console (${reason})…`);
  const t0 = Date.now();
  await buildWeb({ quiet });
  log(`[web] Built web/dist in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureWebBuilt().catch((err) => {
    console.error(`[web] ${err.message}`);
    process.exit(1);
  });
}
