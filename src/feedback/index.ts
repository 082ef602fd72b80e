// Public door of src/feedback: the batch judge that turns rated conversations into golden examples (model or
// rules), their retrieval by similarity as few-shot examples for a bot's model prompts, abandonment (customers
// who left after a bot answer) and click-through (the result cards customers opened).
export {
  findGoldenExamples,
  formatFewShot,
  goldenPromptBlock,
  insertGoldenExample,
  listGoldenExamples,
  similarity,
  tokens,
  
  
  
} from './golden.ts';
export {
  collectCandidates,
  judgeConversations,
  
  modelJudge,
  rulesVerdict,
  
  
  
  type JudgeCandidate,
  
  type JudgeReport,
  
} from './judge.ts';
export { abandonmentReport, type AbandonmentReport } from './abandonment.ts';
export { clickReport, recordCardClick, type CardClick, type ClickReport } from './clicks.ts';
