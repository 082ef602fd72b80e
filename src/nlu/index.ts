// Local understanding: the public door of src/nlu.
export type * from './types.ts';
export { createLocalUnderstander, type LocalUnderstander } from './understander.ts';
export { normalize, foldDiacritics } from './normalize.ts';
export { splitClauses } from './clauses.ts';
export { extractEntities, type ExtractOptions } from './entities/index.ts';
export { TextClassifier, type ClassifierOptions } from './classifier.ts';
