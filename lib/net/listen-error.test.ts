/** A listener that cannot bind says which variable to change, in one line. */
import net from "node:net";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { StartError } from "../process/start-error.js";
import { listenOrExplain } from "./listen-error.js";

const held = net.createServer();
await new Promise<void>((resolve) => held.listen(0, "127.0.0.1", resolve));
const port = (held.address() as net.AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => held.close(() => resolve())));

describe("listenOrExplain", () => {
  it("names the port variable when the port is taken", async () => {
    const app = Fastify();
    const failure = listenOrExplain(
      () => app.listen({ host: "127.0.0.1", port }),
      { host: "HOST", port: "PORT" },
      "127.0.0.1",
      port,
    );
    await expect(failure).rejects.toThrow(
      new StartError(`127.0.0.1:${port} is already in use: set PORT to a free port (or stop what holds it)`),
    );
    await app.close();
  });

  it("names the host variable when the address is not this machine's", async () => {
    const app = Fastify();
    const failure = listenOrExplain(
      () => app.listen({ host: "192.0.2.1", port: 0 }),
      { host: "ADMIN_HOST", port: "ADMIN_PORT" },
      "192.0.2.1",
      0,
    );
    await expect(failure).rejects.toThrow(
      "192.0.2.1 is not an address of this machine: set ADMIN_HOST to one (127.0.0.1, 0.0.0.0, ::)",
    );
    await app.close();
  });

  it("passes other failures through", async () => {
    const boom = new Error("boom");
    await expect(
      listenOrExplain(() => Promise.reject(boom), { host: "HOST", port: "PORT" }, "127.0.0.1", 1),
    ).rejects.toBe(boom);
  });
});
