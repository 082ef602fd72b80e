// Public door of src/feedback: the batch judge that turns rated conversations into golden examples (model or
// rules), and their retrieval by similarity as few-shot examples for a bot's model prompts.
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
