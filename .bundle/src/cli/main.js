// .build/src/paths.js
import { existsSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
var BUILD_DIR = ".build";
function sourcePath(moduleUrl) {
  return fileURLToPath(moduleUrl).replace(`${sep}${BUILD_DIR}${sep}`, sep).replace(/\.js$/, ".ts");
}
var projectRoot = (() => {
  for (let dir = dirname(sourcePath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "src"))) return dir;
    if (dirname(dir) === dir) throw new Error(`cannot find the project root above ${fileURLToPath(import.meta.url)}`);
  }
})();
var compiled = !import.meta.url.endsWith(".ts");

// .build/src/cli/main.js
var COMMANDS = {
  new: "Make a bot project: switchboard new <name> [--lang pt-BR|en]",
  start: "Serve every bot, the API and the web console (PORT, DATABASE_URL, DATA_DIR)",
  chat: "Talk to a bot in the terminal: switchboard chat <bot> [--bots-dir DIR], or a path to its folder",
  check: "Check bot folders: bot.yaml, knowledge, reply keys, examples, intent accuracy: switchboard check [bot]",
  eval: "Run the conversation tests of every bot (or one): switchboard eval [bot]",
  "nlu-eval": "Train and measure local understanding: --train FILE --test FILE [--shots K]",
  augment: "Model paraphrases of a bot's examples to review and accept: switchboard augment <bot>",
  bench: "Measure latency, throughput and accuracy; writes reports/",
  "saleor-dev": "Serve Saleor's real GraphQL schema over its demo catalogue",
  judge: "Mark golden examples from feedback (model when configured, else rules)"
};
function usage() {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return ["Usage: switchboard <command> [options]", "", ...Object.entries(COMMANDS).map(([c, d]) => `  ${c.padEnd(width)}  ${d}`)].join("\n");
}
async function main(argv) {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || command === "help") {
    console.log(usage());
    return command ? 0 : 1;
  }
  if (!COMMANDS[command]) {
    console.error(`switchboard: unknown command '${command}'

${usage()}`);
    return 2;
  }
  let mod;
  try {
    const file = `./commands/${command}${compiled ? ".js" : ".ts"}`;
    mod = await import(file);
  } catch (err) {
    console.error(`switchboard ${command}: not available in this build (${err.message})`);
    return 2;
  }
  return mod.run(rest);
}
main(process.argv.slice(2)).then(
  (code) => {
    if (code !== void 0 && code !== -1) process.exitCode = code;
  },
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
);
