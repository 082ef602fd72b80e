// Public door of src/eval: conversation tests as data (bots/<id>/conversations.yaml), the runner that plays
// them against the real server over HTTP, metrics, the scripted oracle model, and the report writers.
// src/bench measures through the same server, client, statistics and charts.
export {
  CONVERSATIONS_FILE,
  ConversationFileError,
  checkIntents,
  conversationsPath,
  hasConversations,
  loadConversations,
  parseConversations,
  type Conversation,
  type ConversationFile,
  type Expectation,
  type OperatorAction,
  type Turn,
} from './conversations.ts';
export { ApiClient, ApiError, loopbackAddress, type ApiClientOptions, type ChatBody, type ChatReply, type SessionDetail, type StreamedTurn } from './http.ts';
export { createClock, startEvalServer, type EvalClock, type EvalServer, type EvalServerOptions } from './server.ts';
export { checkTurn, isFailure, isKnownGap, runConversations, valueAt, type BotRun, type ConversationResult, type RunOptions, type TurnResult } from './runner.ts';
export { computeMetrics, confusionOf, failuresOf, knownGapsOf, NONE, type BotMetrics, type Confusion } from './metrics.ts';
export { firstPassageOf, lastMessageOf, startOracle, type Oracle } from './oracle.ts';
export { botsWithConversations, compareModels, runEval, COMPARE_BY_DEFAULT, type BotEvaluation, type EvalOptions, type EvalReport, type ModelComparison, type ModelComparisonRow, type UnderstandingMode } from './evaluate.ts';
export { confusionText, formatComparison, formatEval, textTable } from './print.ts';
export { confusionHtml, renderEvalHtml, writeEvalReports, type WrittenReports } from './report.ts';
export { fmt, histogram, niceBinWidth, pct, percentile, summarize, type LatencySummary } from './stats.ts';
export { barChartSvg, esc, histogramSvg, htmlTable, REPORT_CSS, type Bar, type Bin } from './svg.ts';
