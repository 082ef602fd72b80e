// Which model a bot uses, without loading any provider SDK (the runtime asks this for every bot at start).

/** SWITCHBOARD_MODEL, when set, overrides every bot's own `model`; the default is 'local' (no model). */
export function effectiveModelSpec(botModel: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const forced = env.SWITCHBOARD_MODEL?.trim();
  if (forced) return forced;
  return botModel?.trim() || 'local';
}
