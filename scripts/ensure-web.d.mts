// Types for scripts/ensure-web.mjs (imported by the browser tests).
export function staleReason(): string | null;
export function buildWeb(opts?: { quiet?: boolean }): Promise<void>;
export function ensureWebBuilt(opts?: { quiet?: boolean; log?: (msg: string) => void }): Promise<boolean>;
export function newestMtime(path: string): number;
