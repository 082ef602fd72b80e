export * from './config.ts';
export * from './define.ts';
export * from './loader.ts';
export * from './vocabulary.ts';
export * from './examples.ts';
export * from './check.ts';
export type { ReopenTemplate } from './channel-settings.ts';
