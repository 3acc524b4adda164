/**
 * Turns a listener's bind failure into the one line an operator acts on, naming the variable to change; any other
 * error passes through unchanged.
 */
import { StartError } from "../process/start-error.js";

export function listenError(
  e: unknown,
  variables: { host: string; port: string },
  host: string,
  port: number,
): unknown {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host}:${port}`;
  if (code === "EADDRINUSE")
    return new StartError(`${where} is already in use: set ${variables.port} to a free port (or stop what holds it)`);
  if (code === "EACCES")
    return new StartError(`this user may not listen on ${where}: set ${variables.port} above 1023`);
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return new StartError(
      `${host} is not an address of this machine: set ${variables.host} to one (127.0.0.1, 0.0.0.0, ::)`,
    );
  }
  return e;
}

/** Runs `listen` and rethrows a bind failure as a StartError naming the variables. */
export async function listenOrExplain<T>(
  listen: () => Promise<T>,
  variables: { host: string; port: string },
  host: string,
  port: number,
): Promise<T> {
  try {
    return await listen();
  } catch (e) {
    throw listenError(e, variables, host, port);
  }
}
