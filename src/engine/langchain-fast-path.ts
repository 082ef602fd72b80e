// A fast path through @langchain/core's context propagation for Switchboard's own turns.
//
// Every LangGraph node, edge and channel write runs through AsyncLocalStorageProvider.runWithConfig, which
// configures a CallbackManager and, when no tracer is attached, builds a langsmith RunTree (uuid, ISO date
// strings, environment lookups) only to mark "tracing disabled" and to carry the run config. Measured on a
// reference bot's turn, that RunTree alone was about a tenth of the turn's CPU. On a turn that has no callbacks,
// no tracer (LANGSMITH_/LANGCHAIN_ tracing variables unset), no verbose logging and no context variables,
// the fast path stores the same run config in a plain object instead: what LangGraph reads back
// (getRunnableConfig: getConfig(), interrupt(), writers) is unchanged. Everything else — a tracer, a
// callback handler (OpenTelemetry, a user's), a configure hook — goes through the original, untouched.
// Only graphs invoked with fastPathConfig() take it; other LangGraph users in the process see no change.
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';

const LC_CHILD_KEY = Symbol.for('lc:child_config');
const CONTEXT_VARIABLES_KEY = Symbol.for('lc:context_variables');
/** The configurable key that marks a Switchboard turn eligible for the fast path. */
export const FAST_PATH_KEY = '__switchboard_fast_path';

const TRACING_VARIABLES = ['LANGSMITH_TRACING_V2', 'LANGCHAIN_TRACING_V2', 'LANGSMITH_TRACING', 'LANGCHAIN_TRACING', 'LANGCHAIN_VERBOSE'];

/** Whether LangChain tracing or verbose logging is asked for by the environment (read once per turn). */
export function langchainTracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return TRACING_VARIABLES.some((name) => env[name] === 'true');
}

interface Callbacks {
  handlers?: unknown[];
  inheritableHandlers?: unknown[];
}

function noHandlers(callbacks: unknown): boolean {
  if (callbacks === undefined || callbacks === null) return true;
  if (Array.isArray(callbacks)) return callbacks.length === 0;
  const cb = callbacks as Callbacks;
  return (cb.handlers?.length ?? 0) === 0 && (cb.inheritableHandlers?.length ?? 0) === 0;
}

type RunWithConfig = <T>(config: any, callback: () => T, avoidCreatingRootRunTree?: boolean) => T;
let installed = false;

/** Install the fast path (idempotent). */
export function installLangchainFastPath(): void {
  if (installed) return;
  installed = true;
  const provider = AsyncLocalStorageProviderSingleton as unknown as { runWithConfig: RunWithConfig; getInstance(): { getStore(): any; run<T>(store: unknown, cb: () => T): T } };
  const original = provider.runWithConfig.bind(provider);
  provider.runWithConfig = function fastRunWithConfig<T>(config: any, callback: () => T, avoidCreatingRootRunTree?: boolean): T {
    if (config?.configurable?.[FAST_PATH_KEY] !== true || !noHandlers(config.callbacks)) return original(config, callback, avoidCreatingRootRunTree);
    const storage = provider.getInstance();
    if (storage.getStore()?.[CONTEXT_VARIABLES_KEY] !== undefined) return original(config, callback, avoidCreatingRootRunTree);
    return storage.run({ extra: { [LC_CHILD_KEY]: config } }, callback);
  } as RunWithConfig;
}

/**
 * Whether the caller's context would observe a run started here: context variables, or the callbacks of an
 * enclosing LangChain run (a turn called from inside someone's traced chain).
 */
export function observedByLangChain(): boolean {
  const store = (AsyncLocalStorageProviderSingleton as unknown as { getInstance(): { getStore(): any } }).getInstance().getStore();
  if (store === undefined) return false;
  if (store[CONTEXT_VARIABLES_KEY] !== undefined) return true;
  return !noHandlers(AsyncLocalStorageProviderSingleton.getRunnableConfig()?.callbacks);
}

/**
 * The configurable entries that let a turn take the fast path, when nothing would observe its runs.
 * SWITCHBOARD_LANGCHAIN_FAST_PATH=0 turns it off (to compare, or should a LangChain upgrade need it).
 */
export function fastPathConfig(env: NodeJS.ProcessEnv = process.env): Record<string, boolean> {
  return langchainTracingRequested(env) || env.SWITCHBOARD_LANGCHAIN_FAST_PATH === '0' ? {} : { [FAST_PATH_KEY]: true };
}
