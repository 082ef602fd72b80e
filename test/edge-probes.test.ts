// `switchboard check --edge` on every reference and example bot: the bot's own words in sentences about other
// things and requests for its staff by role, played through its real understanding and routing (the runtime in
// process). After the probes each author accepted (edge-accepted.yaml), none is misrouted.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { run as check } from '../src/cli/commands/check.ts';
import { runEdgeProbes } from '../src/eval/index.ts';
import { projectRoot } from '../src/paths.ts';

const botsIn = (dir: string) => readdirSync(dir).filter((d) => existsSync(join(dir, d, 'bot.yaml'))).sort();

describe.each(['bots', 'examples'])('check --edge on every bot in %s/', (folder) => {
  it('misroutes none of its probes', async () => {
    const dir = join(projectRoot, folder);
    const reports = await runEdgeProbes(dir, botsIn(dir));
    expect(reports.map((r) => r.bot)).toEqual(botsIn(dir));
    for (const r of reports) {
      expect(r.results.length, r.bot).toBeGreaterThan(25);
      // Both kinds of probe are there: other topics in the bot's words, and staff asked for by role.
      const kinds = new Set(r.results.map((p) => p.probe.kind));
      expect(kinds.has('other_topic') && kinds.has('role'), r.bot).toBe(true);
    }
    const misrouted = reports.flatMap((r) => r.misrouted.map((m) => `${r.bot}: "${m.probe.text}" → ${m.mode} ${m.intents.join('+')}`));
    expect(misrouted).toEqual([]);
    // Staff asked for by one of the bot's things, in most bots (one whose examples say no thing after an article has none).
    expect(reports.filter((r) => r.results.some((p) => p.probe.kind === 'staff')).length).toBeGreaterThan(reports.length / 2);
  }, 240_000);
});

describe('check --edge --accept', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'edge-accept-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('writes the misrouted probes where the bot loads them, and they are no longer misrouted', async () => {
    cpSync(join(projectRoot, 'examples', 'tiem-nail'), join(tmp, 'tiem-nail'), { recursive: true });
    const file = join(tmp, 'tiem-nail', 'edge-accepted.yaml');
    rmSync(file, { force: true });
    const [before] = await runEdgeProbes(tmp, ['tiem-nail']);
    expect(before.misrouted.length).toBeGreaterThan(0);
    expect(before.groups.every((g) => g.fix.startsWith('skills.'))).toBe(true);

    const code = await check(['--edge', '--accept', '--bots-dir', tmp, 'tiem-nail']);
    const accepted = parse(readFileSync(file, 'utf8')) as { out_of_scope: { examples: string[] }; human: { examples: string[] } };
    const written = [...accepted.out_of_scope.examples, ...accepted.human.examples];
    expect(new Set(written)).toEqual(new Set(before.misrouted.map((m) => m.probe.text)));
    const [after] = await runEdgeProbes(tmp, ['tiem-nail']);
    expect(after.misrouted.length).toBeLessThan(before.misrouted.length);
    expect(code).toBe(after.misrouted.length ? 1 : 0);
  }, 120_000);
});
