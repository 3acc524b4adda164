import net from "node:net";
import { describe, expect, it } from "vitest";
import { ephemeralLow, freePort } from "./free-port.js";

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });

describe("freePort", () => {
  const low = ephemeralLow();

  // Skipped where the range cannot be read (not Linux) or starts too low to draw below it: port 0's answer is used there.
  it.skipIf(low === undefined || low - 10_000 <= 1024)(
    "draws below the kernel's ephemeral range, where client sockets never land",
    async () => {
      const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
      for (const port of ports) {
        expect(port).toBeLessThan(low!);
        expect(port).toBeGreaterThanOrEqual(low! - 10_000);
      }
    },
  );

  it("gives a port a server can listen on", async () => {
    const port = await freePort();
    const server = await listen(port);
    expect((server.address() as net.AddressInfo).port).toBe(port);
    await new Promise((closed) => server.close(closed));
  });
});
