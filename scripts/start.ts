/**
 * `npm start`: the all-in-one service (app/start-all-in-one.ts). Prints the base URL, a demo key, and the operator
 * console's address with a one-time sign-in link; SIGINT or SIGTERM stops it cleanly.
 */
import { startAllInOne } from "../app/start-all-in-one.js";
import { ConfigError, loadConfig } from "../lib/config/config.js";
import { failureLine, wantsStack } from "../lib/process/failure-line.js";
import { StartError } from "../lib/process/start-error.js";
import { keepShortLivedObjectsYoung } from "../lib/process/short-lived-stay-young.js";

async function main() {
  keepShortLivedObjectsYoung();
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const config = loadConfig();
  const service = await startAllInOne(config, say);
  const linkMinutes = config.access.admin.linkMs / 60_000;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: shutting down`);
    await service.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.stdout.write(
    [
      "",
      `  Institute research publishing service is up: ${service.url}`,
      `  Demo key (every read scope; replaced at each start): ${service.demoKey}`,
      `  Try: curl -H 'X-API-Key: ${service.demoKey}' ${service.url}/api/v1/analysts`,
      ...(service.signInLink
        ? [
            `  Operator console: ${service.adminUrl}/`,
            `  Sign in once with (valid ${linkMinutes} minutes, works once): ${service.signInLink}`,
          ]
        : []),
      ...(service.internalUrl
        ? [`  Health and metrics (internal): ${service.internalUrl}/healthz /readyz /metrics`]
        : []),
      "",
    ].join("\n") + "\n",
  );
}

// One line an operator acts on (configuration, DATA_DIR, a port, a permission); LOG_LEVEL=debug adds the stack.
main().catch((e: unknown) => {
  process.stderr.write(
    e instanceof ConfigError || e instanceof StartError ? `${e.message}\n` : `start failed: ${failureLine(e)}\n`,
  );
  if (wantsStack() && e instanceof Error) process.stderr.write(`${e.stack}\n`);
  process.exit(1);
});
