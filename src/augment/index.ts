// Authoring-time example augmentation (`switchboard augment`): model paraphrases, screened, reviewed, accepted.
export { proposeParaphrases, screenProposals, paraphrasePrompt, type IntentToAugment, type Proposal, type Rejection } from './paraphrase.ts';
export { REVIEW_FILE, reviewPath, reviewText, readReview, acceptIntoBotYaml, removeReview } from './review.ts';
