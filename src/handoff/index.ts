export * from './modes.ts';
