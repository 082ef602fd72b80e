// Public door of src/eval: conversation tests as data (bots/<id>/conversations.yaml), the runner that plays
// them against the real server over HTTP, metrics, the scripted oracle model, and the report writers.
// src/bench measures through the same server, client, statistics and charts.
export {
  
  
  
  conversationsPath,
  
  loadConversations,
  
  
  type ConversationFile,
  
  
  
} from './conversations.ts';
export { ApiClient,  loopbackAddress } from './http.ts';
export { createClock, startEvalServer, type EvalClock, type EvalServer } from './server.ts';
export { failuresOf, knownGapsOf } from './metrics.ts';
export { botsWithConversations,  runEval,       type UnderstandingMode } from './evaluate.ts';
export { formatEval, textTable } from './print.ts';
export { writeEvalReports } from './report.ts';
export { fmt,   pct, percentile, summarize, type LatencySummary } from './stats.ts';
export { barChartSvg, esc,  htmlTable, REPORT_CSS, type Bar } from './svg.ts';
export { acceptProbes, formatEdgeReport, playMessages, runEdgeProbes, type EdgeReport, type PlayedTurn } from './edge.ts';
