// Public door of src/bench: `switchboard bench` — latency, throughput, memory, understanding and start-up,
// all measured in one run, with the floors (bare LangGraph, bare Fastify) they are compared with.
export { runBench, targetsOf, REFERENCE_BOT, type BenchOptions, type BenchReport, type Driver, type Target, type ThroughputRow, type TurnLatencyRow } from './run.ts';
export { formatBench } from './print.ts';
export { renderBenchHtml, writeBenchReports } from './report.ts';
export { measure, percentile, ratio, summarize, type LatencySummary, type LoadResult, type MeasureOptions } from './stats.ts';
export { bareFastifyLatencies, bareLangGraphLatencies, buildBareGraph } from './floors.ts';
export { chatLoad, healthLoad } from './load.ts';
export { memoryPerThousandSessions, type MemoryResult } from './memory.ts';
export { compareOnBot, publicDatasets, type BotNluResult, type LabelledTurn, type PublicNluResult } from './nlu.ts';
export { benchPostgresUrl, openBenchPostgres, probePostgres, redactUrl, DEFAULT_BENCH_POSTGRES } from './postgres.ts';
export { playOverHttp, replayHttp, replayInProcess, type ReplayOptions } from './replay.ts';
export { freePort, measureStartup, type StartupRun } from './startup.ts';
