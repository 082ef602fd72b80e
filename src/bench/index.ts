// Public door of src/bench: `switchboard bench` — latency, throughput, memory, understanding and start-up,
// all measured in one run, with what they are compared with (the same-work floor, the LangGraph + PostgresSaver peer).
export { runBench } from './run.ts';
export { formatBench } from './print.ts';
export { writeBenchReports } from './report.ts';
export { chatLoad } from './load.ts';
export { benchPostgresUrl, openBenchPostgres } from './postgres.ts';
export { replayInProcess } from './replay.ts';
export { cpuShares, profileOf } from './profile.ts';
