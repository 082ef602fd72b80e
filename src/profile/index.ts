// Public door of src/profile: what a bot remembers about a customer (bot.yaml `profile:`), checked and stored.
export { checkProfileUpdates, type ProfileCheck } from './fields.ts';
export { completeProfile, profileSubject, readProfile, writeProfile } from './store.ts';
export { profileFieldSchema, profileSchema, type Profile, type ProfileConfig, type ProfileField } from './schema.ts';
