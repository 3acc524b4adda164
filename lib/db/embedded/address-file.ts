/**
 * `DATA_DIR/server.json`: which process runs the embedded server and where it listens, so that an operator command
 * started beside `npm start` reaches that server instead of starting a second one on the same data. Written once the
 * server answers, removed on a clean stop; a file whose process is gone is stale and ignored.
 */
import { readFileSync, rmSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { processAlive } from "../../process/process-alive.js";

export interface ServerAddress {
  /** The process that started the server and will stop it. */
  pid: number;
  /** What that process is (`npm start`, `keys`, …), for the operator's messages. */
  owner: string;
  port: number;
  /** The postmaster's pid. */
  postmaster: number;
  startedAt: string;
}

const FILE = "server.json";

/** The address of a server that still runs (its owner and its postmaster alive), or null. */
export async function readAddress(dataDir: string): Promise<ServerAddress | null> {
  const text = await readFile(path.join(dataDir, FILE), "utf8").catch(() => null);
  if (text === null) return null;
  try {
    const address = JSON.parse(text) as ServerAddress;
    return Number.isInteger(address.pid) &&
      processAlive(address.pid) &&
      Number.isInteger(address.postmaster) &&
      processAlive(address.postmaster)
      ? address
      : null;
  } catch {
    return null;
  }
}

export async function writeAddress(dataDir: string, address: ServerAddress): Promise<void> {
  await writeFile(path.join(dataDir, FILE), `${JSON.stringify(address, null, 2)}\n`, { mode: 0o600 });
}

/** Removes the file if it still names this process (a later owner's file is left alone). */
export async function removeAddress(dataDir: string): Promise<void> {
  const text = await readFile(path.join(dataDir, FILE), "utf8").catch(() => null);
  if (text === null) return;
  try {
    if ((JSON.parse(text) as ServerAddress).pid !== process.pid) return;
  } catch {
    /* unreadable: ours to remove */
  }
  await rm(path.join(dataDir, FILE), { force: true });
}

/** The same, synchronously, for a process's `exit` handler. */
export function removeAddressSync(dataDir: string): void {
  try {
    const file = path.join(dataDir, FILE);
    if ((JSON.parse(readFileSync(file, "utf8")) as ServerAddress).pid === process.pid) rmSync(file, { force: true });
  } catch {
    /* absent or unreadable: nothing of ours to remove */
  }
}
