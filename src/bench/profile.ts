// Where a turn's CPU goes: a V8 CPU profile (node:inspector) taken while turns run, its self time summed
// by area (LangGraph, @langchain/core, langsmith, PGlite, local understanding, the runtime, …).
import { Session } from 'node:inspector/promises';

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

/** Areas of the code a sample's function belongs to, first match wins. */
const AREAS: [string, RegExp][] = [
  ['LangGraph', /node_modules\/@langchain\/langgraph(-checkpoint)?\//],
  ['@langchain/core', /node_modules\/@langchain\/core\//],
  ['langsmith', /node_modules\/langsmith\//],
  ['PGlite', /node_modules\/@electric-sql\/pglite\/|^wasm:/],
  ['pg (Postgres client)', /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//],
  ['drizzle', /node_modules\/drizzle-orm\//],
  ['Fastify', /node_modules\/(fastify|@fastify|find-my-way|light-my-request|avvio|fast-json-stringify)/],
  ['zod', /node_modules\/zod\//],
  ['chrono (dates)', /node_modules\/chrono-node\//],
  ['other packages', /node_modules\//],
  ['local understanding (src/nlu)', /\/src\/nlu\//],
  ['store (src/store)', /\/src\/store\//],
  ['runtime (src/engine)', /\/src\/engine\//],
  ['bots', /\/bots\//],
  ['other Switchboard code', /\/src\//],
  ['Node.js internals', /^node:/],
];

function areaOf(node: CpuProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 / native';
    return 'V8 / native';
  }
  for (const [name, re] of AREAS) if (re.test(url)) return name;
  return 'other';
}

/** Self time per area, as a share of the busy (non-idle) time; sorted by share. */
export function cpuShares(profile: CpuProfile): { area: string; ms: number; share: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const ms = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]);
    if (!node) continue;
    const area = areaOf(node);
    ms.set(area, (ms.get(area) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  ms.delete('idle');
  const busy = [...ms.values()].reduce((a, b) => a + b, 0) || 1;
  return [...ms.entries()].map(([area, t]) => ({ area, ms: t, share: t / busy })).sort((a, b) => b.ms - a.ms);
}

/** A CPU profile of `fn` (sampling every `intervalUs` microseconds). */
export async function profileOf(fn: () => Promise<void>, intervalUs = 200): Promise<CpuProfile> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
    await session.post('Profiler.start');
    await fn();
    const { profile } = await session.post('Profiler.stop');
    return profile as unknown as CpuProfile;
  } finally {
    session.disconnect();
  }
}
