// Public door of src/profile: what a bot remembers about a customer (bot.yaml `profile:`), checked and stored.
export { checkProfileUpdates } from './fields.ts';
export { profileSubject, readProfile, writeProfile } from './store.ts';
export { type Profile } from './schema.ts';
export { keepSubject, readKeptSubject, type KeptSubject } from './subject.ts';
