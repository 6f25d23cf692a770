import { parseArgs } from "node:util";
import { GAMES, type Game } from "../src/contract/games.js";
import { BotAgent } from "./agent.js";
import { BotApiClient } from "./api-client.js";
import { SandboxGame } from "./sandbox-game.js";

const USAGE = `Usage: npm run bot -- --game <${GAMES.join("|")}> [--url http://localhost:5000] [--key KEY] [--bot USERNAME] [--once] [--interval 2000]

  --game      the game whose bots to play (required)
  --url       the Autodrop server (default http://localhost:5000)
  --key       a Bot API key (default: $AUTODROP_BOT_KEY; a sandbox server issues one itself)
  --bot       play only this bot account (default: every bot of the game assigned to a seller)
  --once      run one pass and exit
  --interval  milliseconds between passes (default 2000)`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      game: { type: "string" },
      url: { type: "string", default: "http://localhost:5000" },
      key: { type: "string" },
      bot: { type: "string" },
      once: { type: "boolean", default: false },
      interval: { type: "string", default: "2000" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const game = values.game as Game | undefined;
  const interval = Number(values.interval);
  if (values.help || !game || !GAMES.includes(game) || !Number.isInteger(interval) || interval < 100) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const url = values.url!;
  const log = (message: string) => console.log(`[${new Date().toISOString()}] ${message}`);

  let key = values.key ?? process.env.AUTODROP_BOT_KEY;
  if (!key) {
    const provisioned = await BotApiClient.provisionSandboxKey(url, `reference agent (${game})`);
    if (!provisioned) {
      console.error(`${url} is not a sandbox server: pass --key (an admin issues Bot API keys).`);
      process.exit(2);
    }
    key = provisioned;
    log("got a Bot API key from the sandbox");
  }

  const agent = new BotAgent({
    api: new BotApiClient(url, key),
    world: new SandboxGame(url),
    game,
    botUsername: values.bot,
    log,
  });
  if (values.once) {
    const summary = await agent.runOnce();
    console.log(JSON.stringify(summary, null, 2));
    process.exit(summary.errors.length > 0 ? 1 : 0);
  }

  const controller = new AbortController();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => controller.abort());
  log(
    `playing ${values.bot ?? `every assigned ${game} bot`} against ${url} every ${interval} ms (Ctrl+C stops)`,
  );
  await agent.run(interval, controller.signal);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
