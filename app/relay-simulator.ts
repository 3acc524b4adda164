/**
 * The relay simulator as a process of its own, for compose's `relay-sim` profile and trials:
 * `tsx app/relay-simulator.ts`, listening on HOST:PORT, signing callbacks with RELAY_SIGNING_SECRET under the
 * RELAY_NAME headers, finishing each task by itself 5 to 60 seconds after it starts (10% fail). Point the
 * governor's RELAY_URL at it. SIGTERM: stops taking tasks, lets callbacks under way finish, exits.
 */
import { ConfigError, loadConfig } from "../lib/config/config.js";
import { isMain, runProcess } from "../lib/process/run-process.js";
import { startRelaySimulator } from "../relay-simulator/simulator.js";

if (isMain(import.meta.url)) {
  runProcess("relay simulator", async () => {
    const config = loadConfig();
    if (!config.relay.signingSecret)
      throw new ConfigError(
        "RELAY_SIGNING_SECRET",
        "is required by the relay simulator (the gateway verifies its callbacks with it)",
      );
    const relay = await startRelaySimulator({
      signingSecret: config.relay.signingSecret,
      relayName: config.relay.name,
      host: config.host,
      port: config.port,
      seed: Date.now() % 2 ** 31,
      behaviour: { autoComplete: { minMs: 5_000, maxMs: 60_000, failRate: 0.1 } },
      log: (line) =>
        process.stdout.write(`${JSON.stringify({ time: Date.now(), name: "relay-simulator", msg: line })}\n`),
    });
    return {
      close: () => relay.close(),
      shutdownTimeoutMs: config.cluster.shutdownTimeoutMs,
      banner: `relay simulator listening on ${config.host}:${new URL(relay.url).port}`,
    };
  });
}
