// YAML data files the runtime reads at start-up (each bot.yaml, the built-in skills' example lines). The compiled
// server (`npm start`) reads the JSON copy the build wrote beside its code when that copy is current: JSON parses
// far faster than YAML (the reference bots' files and the skills' lines took ~0.2 s of a start), and the YAML
// library is then not loaded at all.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compiled, runnableModule } from './paths.ts';

/** The parsed YAML file (its prebuilt JSON copy when current). Throws what the YAML parser throws. */
export function readYamlFile(file: string): unknown {
  if (compiled) {
    const prebuilt = `${runnableModule(file)}.json`;
    if (prebuilt !== `${file}.json` && existsSync(prebuilt) && statSync(prebuilt).mtimeMs >= statSync(file).mtimeMs) return JSON.parse(readFileSync(prebuilt, 'utf8'));
  }
  return parseYaml(readFileSync(file, 'utf8'));
}

let yaml: typeof import('yaml') | undefined;

function parseYaml(text: string): unknown {
  yaml ??= createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return yaml.parse(text);
}
