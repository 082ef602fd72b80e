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
  type FewShotLabels,
  type GoldenExample,
  type NewGoldenExample,
} from './golden.ts';
export {
  collectCandidates,
  judgeConversations,
  judgePrompt,
  modelJudge,
  rulesVerdict,
  verdictSchema,
  type CandidateJudge,
  type CollectOptions,
  type JudgeCandidate,
  type JudgeOptions,
  type JudgeReport,
  type Verdict,
} from './judge.ts';
