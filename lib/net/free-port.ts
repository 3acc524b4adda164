/**
 * A free TCP port on loopback for a server started next (test servers, the cluster launcher). Where the kernel's
 * ephemeral range can be read, the port is drawn from just below it: a port from binding port 0 is one outgoing
 * connections draw from too, so between its release and the server's bind a client socket (a load generator's, a
 * pool's) could take it and the server fail with "already in use". Elsewhere, port 0's answer.
 */
import { readFileSync } from "node:fs";
import net from "node:net";

/** How many ports below the ephemeral range are drawn from. */
const SPAN = 10_000;

export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  if (low !== undefined && low - SPAN > 1024) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = low - 1 - Math.floor(Math.random() * SPAN);
      if ((await bound(port)) === port) return port;
    }
  }
  return (await bound(0))!;
}

/** The first port of the kernel's ephemeral range (Linux), or undefined. */
export function ephemeralLow(): number | undefined {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 ? low : undefined;
  } catch {
    return undefined;
  }
}

/** Binds the port on loopback and releases it: the port bound, or undefined when it was taken. */
function bound(port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", (e: NodeJS.ErrnoException) =>
      e.code === "EADDRINUSE" && port !== 0 ? resolve(undefined) : reject(e),
    );
    server.listen(port, "127.0.0.1", () => {
      const { port: got } = server.address() as net.AddressInfo;
      server.close(() => resolve(got));
    });
  });
}
