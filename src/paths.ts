// Where the project's own files are, the same whether this code runs from its TypeScript source (tsx,
// vitest) or compiled into .build/ by scripts/build-server.mjs (`npm start`).
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUILD_DIR = '.build';

/** The source path of a module (`import.meta.url`): the compiled copy under .build/ maps back to src/ or bots/. */
export function sourcePath(moduleUrl: string): string {
  return fileURLToPath(moduleUrl).replace(`${sep}${BUILD_DIR}${sep}`, sep).replace(/\.js$/, '.ts');
}

/** The source folder of a folder: a folder of the compiled copy under .build/ maps back to src/ or bots/. */
export function sourceDir(dir: string): string {
  return dir.replace(`${sep}${BUILD_DIR}${sep}`, sep);
}

/** The repository root: the folder above src/ that holds package.json. */
export const projectRoot = (() => {
  for (let dir = dirname(sourcePath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src'))) return dir;
    if (dirname(dir) === dir) throw new Error(`cannot find the project root above ${fileURLToPath(import.meta.url)}`);
  }
})();

/** Whether this code is the compiled copy (then modules it imports by computed path are .js files in .build/). */
export const compiled = !import.meta.url.endsWith('.ts');

/** The module to import for a source file: itself under tsx, its compiled copy under .build/ otherwise. */
export function runnableModule(sourceFile: string): string {
  if (!compiled || !sourceFile.startsWith(projectRoot + sep)) return sourceFile;
  return join(projectRoot, BUILD_DIR, sourceFile.slice(projectRoot.length + 1)).replace(/\.ts$/, '.js');
}
