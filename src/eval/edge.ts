// `switchboard check --edge`: a bot's edge probes (src/skills/edge-probes.ts) played through its real understanding
// and routing — the runtime in process over a throwaway PGlite, each probe a new conversation — and the misrouted
// ones grouped by cause, with the bot.yaml change that fixes each group. `acceptProbes` writes the misrouted probes
// into the bot's edge-accepted.yaml: the bot's own out-of-scope and person lines (src/skills/decide.ts matches them).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { readBotConfig } from '../bot/index.ts';
import { Runtime } from '../engine/index.ts';
import { toLanguage } from '../nlu/index.ts';
import { EDGE_ACCEPTED_FILE, edgeAcceptedSchema, edgeProbes, type EdgeAccepted, type EdgeProbe } from '../skills/index.ts';
import { openDatabase, upsertUser } from '../store/index.ts';
import { readYamlFile } from '../yaml-file.ts';

export interface ProbeResult {
  probe: EdgeProbe;
  /** What the bot made of it: its intents and the conversation's mode after the turn. */
  intents: string[];
  mode: string;
  misrouted: boolean;
}

export interface MisrouteGroup {
  /** Why these probes went wrong, in one line. */
  cause: string;
  /** The bot.yaml change that fixes them. */
  fix: string;
  probes: ProbeResult[];
}

export interface EdgeReport {
  bot: string;
  dir: string;
  fallback: string;
  results: ProbeResult[];
  misrouted: ProbeResult[];
  groups: MisrouteGroup[];
}

/**
 * The edge probes of the bots `ids` of a bots folder, each played as a new conversation. Each bot runs alone in its
 * own runtime and store: its verdicts depend on nothing but itself.
 */
export async function runEdgeProbes(botsDir: string, ids: string[]): Promise<EdgeReport[]> {
  const reports: EdgeReport[] = [];
  for (const id of ids) reports.push(await probeBot(botsDir, id));
  return reports;
}

async function probeBot(botsDir: string, id: string): Promise<EdgeReport> {
  const config = readBotConfig(join(botsDir, id));
  const fallback = config.understanding.fallback;
  const domain = Object.fromEntries(Object.entries(config.intents).filter(([i]) => i !== fallback).map(([i, c]) => [i, c.examples]));
  const probes = edgeProbes({ language: toLanguage(config.language), domain, names: [config.name], roles: config.skills.human.roles });
  const played = await playMessages(botsDir, id, probes.map((p) => p.text));
  const results: ProbeResult[] = probes.map((probe, i) => {
    const { intents, mode } = played.turns[i];
    const right = probe.expect === 'human' ? mode !== 'bot' : mode === 'bot' && intents.every((x) => x === fallback);
    return { probe, intents, mode, misrouted: !right };
  });
  const misrouted = results.filter((r) => r.misrouted);
  return { bot: config.id, dir: played.dir, fallback, results, misrouted, groups: groupMisroutes(misrouted, fallback) };
}

export interface PlayedTurn {
  text: string;
  /** What the bot made of it: its intents and the conversation's mode after the turn. */
  intents: string[];
  mode: string;
}

/**
 * Messages played through a bot's real understanding and routing, each as the first turn of a new conversation, with
 * local understanding (no model). The bot runs alone in its own runtime and store: its verdicts depend on nothing but
 * itself. `fallback`: the bot's fallback intent.
 */
export async function playMessages(botsDir: string, id: string, texts: string[]): Promise<{ dir: string; fallback: string; turns: PlayedTurn[] }> {
  const db = await openDatabase({ dataDir: ':memory:' });
  // Local understanding, without the per-turn time budget: a verdict must not depend on the machine's load.
  const env = { ...process.env, SWITCHBOARD_MODEL: '', SWITCHBOARD_UNDERSTANDING: 'local', SWITCHBOARD_UNDERSTANDING_BUDGET_MS: '60000' };
  let runtime: Runtime | null = null;
  try {
    runtime = await Runtime.create({ db, botsDir, only: [id], env, log: () => {} });
    const dir = join(botsDir, id);
    const config = readBotConfig(dir);
    const turns: PlayedTurn[] = [];
    let user = 0;
    for (const text of texts) {
      const userId = `edge-probe-${++user}`;
      await upsertUser(db, { id: userId, name: 'Ana' });
      const r = await runtime.chat(config.id, { message: text, userId });
      turns.push({ text, intents: r.intents, mode: r.mode });
    }
    return { dir, fallback: config.understanding.fallback, turns };
  } finally {
    await runtime?.close();
    await db.close();
  }
}

/** Misrouted probes by cause: what the bot read them as, and the kind of probe. */
function groupMisroutes(misrouted: ProbeResult[], fallback: string): MisrouteGroup[] {
  const groups = new Map<string, MisrouteGroup>();
  for (const r of misrouted) {
    const { probe } = r;
    let key: string;
    let cause: string;
    let fix: string;
    if (probe.expect === 'out_of_scope') {
      const taken = r.mode !== 'bot' ? 'handed over to a person' : `read as ${r.intents.filter((i) => i !== fallback).join(' + ')}`;
      key = `oos|${taken}`;
      cause = `the bot's words about something else ${taken}`;
      fix = 'skills.out_of_scope.examples: the probes below (a counter-example of each)';
    } else {
      const taken = r.intents.length ? `read as ${r.intents.join(' + ')}` : 'not answered';
      if (probe.kind === 'role' || probe.kind === 'bot_role') {
        key = `role|${taken}`;
        cause = `a request for a person by role ${taken}`;
        fix = 'skills.human.roles: the role nouns below (or skills.human.examples: the probes)';
      } else {
        key = `staff|${taken}`;
        cause = `a request for the staff of one of the bot's things ${taken}`;
        fix = 'skills.human.examples: the probes below';
      }
    }
    const g = groups.get(key) ?? { cause, fix, probes: [] };
    g.probes.push(r);
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => b.probes.length - a.probes.length);
}

/** The report as text lines. */
export function formatEdgeReport(r: EdgeReport): string[] {
  const lines = [`${r.bot}: ${r.results.length} edge probes, ${r.misrouted.length} misrouted`];
  for (const g of r.groups) {
    lines.push(`  ✗ ${g.cause} (${g.probes.length})`, `    fix in bot.yaml — ${g.fix}:`);
    const out = g.probes.filter((p) => p.probe.expect === 'out_of_scope').map((p) => p.probe.text);
    const roles = [...new Set(g.probes.filter((p) => p.probe.kind === 'role' || p.probe.kind === 'bot_role').map((p) => p.probe.role!))];
    const persons = g.probes.filter((p) => p.probe.kind === 'staff').map((p) => p.probe.text);
    const yaml = stringify({ skills: { ...(out.length ? { out_of_scope: { examples: out } } : {}), ...(roles.length || persons.length ? { human: { ...(roles.length ? { roles } : {}), ...(persons.length ? { examples: persons } : {}) } } : {}) } });
    lines.push(...yaml.trimEnd().split('\n').map((l) => `      ${l}`));
  }
  return lines;
}

/**
 * Writes the misrouted probes into the bot's edge-accepted.yaml (kept beside what it already holds): off-domain
 * probes as out-of-scope examples, requests for a person as person examples. Returns how many lines were added.
 */
export function acceptProbes(r: EdgeReport): { file: string; added: number } {
  const file = join(r.dir, EDGE_ACCEPTED_FILE);
  const read = edgeAcceptedSchema.parse(existsSync(file) ? (readYamlFile(file) ?? {}) : {});
  // Copies: the schema's default lists are one object shared by every parse.
  const current: EdgeAccepted = { out_of_scope: { examples: [...read.out_of_scope.examples] }, human: { examples: [...read.human.examples] } };
  const add = (list: string[], texts: string[]) => {
    const before = list.length;
    for (const t of texts) if (!list.includes(t)) list.push(t);
    return list.length - before;
  };
  const added =
    add(current.out_of_scope.examples, r.misrouted.filter((m) => m.probe.expect === 'out_of_scope').map((m) => m.probe.text)) +
    add(current.human.examples, r.misrouted.filter((m) => m.probe.expect === 'human').map((m) => m.probe.text));
  if (!added) return { file, added };
  const header = existsSync(file) ? leadingComments(readFileSync(file, 'utf8')) : ACCEPTED_HEADER;
  writeFileSync(file, `${header}${stringify(current)}`);
  return { file, added };
}

const ACCEPTED_HEADER = `# Edge probes accepted with \`switchboard check --edge --accept\`: the bot's own words about other things (out of
# scope) and requests for its staff (human). The runtime reads a message that rewords one as out of scope or as a
# request for a person. Edit freely: delete a line the bot should answer after all.
`;

function leadingComments(text: string): string {
  const lines = text.split('\n');
  const head: string[] = [];
  for (const l of lines) if (l.startsWith('#')) head.push(l);
  else break;
  return head.length ? `${head.join('\n')}\n` : ACCEPTED_HEADER;
}
