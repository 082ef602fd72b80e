// The YAML-only example bots (examples/): the tutorial's clinic bot (docs/tutorial.md), a hair salon, a pet
// grooming shop, a Mexican restaurant, a Vietnamese nail salon, an English bicycle repair shop, a real-estate agency
// searching its CSV listings — every folder of
// examples/ with a conversations.yaml. Their conversations
// are played over HTTP against the real server, so the tutorial cannot drift from what the runtime does.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failuresOf, runEval } from '../src/eval/index.ts';
import { projectRoot } from '../src/paths.ts';

const examplesDir = resolve(projectRoot, 'examples');
/** Every example bot that carries conversation tests. */
const exampleBots = readdirSync(examplesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(examplesDir, d.name, 'conversations.yaml')))
  .map((d) => d.name)
  .sort();

describe('example bots (YAML and markdown only)', () => {
  it('finds the example bots', () => {
    expect(exampleBots).toEqual(expect.arrayContaining(['bike-repair', 'clinica', 'inmobiliaria', 'la-cazuela', 'peluqueria', 'petshop', 'tiem-nail']));
  });

  it.each(exampleBots)('%s plays its conversations', async (bot) => {
    const report = await runEval({ bots: [bot], botsDir: examplesDir, compareModels: false });
    const evaluation = report.bots[0];
    expect(evaluation.error).toBeUndefined();
    const failures = failuresOf(evaluation.run!).map((t) => `${t.conversation} #${t.index + 1} "${t.user}": ${t.failures.join('; ')}`);
    expect(failures).toEqual([]);
    expect(evaluation.run!.conversations.length).toBeGreaterThanOrEqual(3);
    expect(readdirSync(join(examplesDir, bot), { recursive: true }).filter((f) => String(f).endsWith('.ts'))).toEqual([]);
  }, 120_000);

  it("every file excerpt in docs/tutorial.md is in the tutorial bot's files", () => {
    const doc = readFileSync(join(projectRoot, 'docs', 'tutorial.md'), 'utf8');
    // Excerpts are fenced blocks whose first line names the file in the reader's project: "# bots/clinica/bot.yaml",
    // which is examples/clinica/bot.yaml here.
    const blocks = [...doc.matchAll(/```\w*\n# bots\/clinica\/(\S+)[^\n]*\n([\s\S]*?)```/g)];
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const [, file, body] of blocks) {
      const text = readFileSync(join(projectRoot, 'examples', 'clinica', file), 'utf8');
      for (const chunk of body.split(/\n[ \t]*# …[^\n]*\n/)) expect(text, `${file} should contain:\n${chunk}`).toContain(chunk.trimEnd());
    }
  });
});
