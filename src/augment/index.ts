// Authoring-time example augmentation (`switchboard augment`): model paraphrases, screened, reviewed, accepted.
export { proposeParaphrases, screenProposals,   type Proposal, type Rejection } from './paraphrase.ts';
export { reviewPath, reviewText, readReview, acceptIntoBotYaml, removeReview } from './review.ts';
