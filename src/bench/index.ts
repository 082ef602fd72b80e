// Public door of src/bench: `switchboard bench` — latency, throughput, memory, understanding and start-up,
// all measured in one run, with what they are compared with (the same-work floor, the LangGraph + PostgresSaver peer).
export { runBench, targetsOf, LOAD_CONCURRENCY, REFERENCE_BOT, type System, type BenchOptions, type BenchReport, type Driver, type Target, type ThroughputRow, type TurnLatencyRow } from './run.ts';
export { formatBench } from './print.ts';
export { renderBenchHtml, writeBenchReports } from './report.ts';
export { measure, percentile, ratio, summarize, type LatencySummary, type LoadResult, type MeasureOptions } from './stats.ts';
export { bareLangGraphLatencies, buildBareGraph, floorPlayer, SameWorkFloor, startFloorServer, type FloorServer } from './floors.ts';
export { buildPeerGraph, peerRoutes, startPeerServer, type PeerServer } from './peer.ts';
export { chatLoad, pairedChatLoad } from './load.ts';
export { memoryPerThousandSessions, type MemoryResult } from './memory.ts';
export { compareOnBot, publicDatasets, type BotNluResult, type LabelledTurn, type PublicNluResult } from './nlu.ts';
export { benchPostgresUrl, openBenchPostgres, probePostgres, redactUrl, DEFAULT_BENCH_POSTGRES, benchSchemaName, dropSchema } from './postgres.ts';
export { httpPlayer, inProcessPlayer, playOverHttp, replayHttp, replayInProcess, replayPaired, type HttpTarget, type Player, type ReplayOptions } from './replay.ts';
export { freePort, measureStartup, type StartupRun } from './startup.ts';
export { areaOf, cpuShares, profileOf, type CpuProfile, type CpuProfileNode } from './profile.ts';
