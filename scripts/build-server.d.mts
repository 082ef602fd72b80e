// Types for scripts/build-server.mjs (imported by the start-up benchmark).
export const buildDir: string;
/** Why .build needs compiling again, or null when it is current. */
export function serverStaleReason(): string | null;
/** Compiles src/ and bots/ into .build/; returns the number of files. */
export function buildServer(): Promise<number>;
/** Builds only when needed; returns whether it built. */
export function ensureServerBuilt(opts?: { log?: (line: string) => void }): Promise<boolean>;
