/**
 * Where the embedded cluster lives. Its home is `DATA_DIR/pg`. When the server runs as another user (this process
 * is root) and DATA_DIR sits under a folder that user may not enter (mode 0700, like root's home or what mktemp -d
 * makes), the cluster moves to the runtime directory instead, under an id that DATA_DIR records in `pg-location`.
 * DATA_DIR stays the one thing an operator names: deleting it orphans the moved cluster, and the next moved start
 * sweeps orphans whose DATA_DIR no longer points at them.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, readdir, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { postmasterPid } from "./postgres-process.js";
import { canEnter, type ServerUser } from "./server-user.js";
import { StartError } from "../../process/start-error.js";

export interface ClusterLocation {
  /** The PostgreSQL data directory (owned by the server user). */
  dir: string;
  /** True when the cluster lives in the runtime directory rather than in DATA_DIR. */
  moved: boolean;
}

const POINTER = "pg-location";
const ORIGIN = "origin";

/** Lets other users enter DATA_DIR (execute only: nothing in it becomes listable or readable). */
async function openForTraversal(dataDir: string): Promise<void> {
  const { mode, uid } = await stat(dataDir);
  if (uid === process.getuid?.() && (mode & 0o011) !== 0o011) await chmod(dataDir, (mode & 0o7777) | 0o011);
}

async function ownedBy(dir: string, user: ServerUser): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (user.switched) await chown(dir, user.uid, user.gid);
}

async function movedCluster(dataDir: string, user: ServerUser, runtimeDir: string): Promise<ClusterLocation> {
  const pointer = path.join(dataDir, POINTER);
  const recorded = existsSync(pointer) ? (await readFile(pointer, "utf8")).trim() : "";
  const home =
    recorded && existsSync(path.dirname(recorded))
      ? path.dirname(recorded)
      : path.join(runtimeDir, "clusters", randomBytes(8).toString("hex"));
  const dir = path.join(home, "pg");
  try {
    await mkdir(path.join(runtimeDir, "clusters"), { recursive: true, mode: 0o711 });
    await mkdir(home, { recursive: true, mode: 0o711 });
    await writeFile(path.join(home, ORIGIN), `${await realpath(dataDir)}\n`);
    await ownedBy(dir, user);
    await writeFile(pointer, `${dir}\n`);
  } catch (e) {
    throw new StartError(
      `DATA_DIR ${dataDir} is under a folder the '${user.name}' user (who runs PostgreSQL) may not enter, and the cluster could not be ` +
        `placed in ${runtimeDir} (${(e as Error).message}): set DATA_DIR to a folder every user may enter, or EMBEDDED_POSTGRES_RUNTIME_DIR to a writable one`,
    );
  }
  await sweepOrphans(runtimeDir, home);
  return { dir, moved: true };
}

/** Removes moved clusters whose DATA_DIR is gone or points elsewhere, unless a server still runs in them. */
export async function sweepOrphans(runtimeDir: string, keep?: string): Promise<string[]> {
  const root = path.join(runtimeDir, "clusters");
  const removed: string[] = [];
  for (const id of existsSync(root) ? await readdir(root) : []) {
    const home = path.join(root, id);
    if (home === keep) continue;
    const origin = (await readFile(path.join(home, ORIGIN), "utf8").catch(() => "")).trim();
    const pointer = origin ? (await readFile(path.join(origin, POINTER), "utf8").catch(() => "")).trim() : "";
    if (pointer === path.join(home, "pg")) continue;
    if ((await postmasterPid(path.join(home, "pg"))) !== null) continue;
    await rm(home, { recursive: true, force: true });
    removed.push(home);
  }
  return removed;
}

export async function clusterLocation(dataDir: string, user: ServerUser, runtimeDir: string): Promise<ClusterLocation> {
  const local = path.join(dataDir, "pg");
  if (user.switched) await openForTraversal(dataDir);
  if (canEnter(user, dataDir)) {
    await ownedBy(local, user);
    return { dir: local, moved: false };
  }
  if (existsSync(path.join(local, "PG_VERSION"))) {
    throw new StartError(
      `${local} holds a cluster the '${user.name}' user (who runs PostgreSQL) cannot reach, because a folder above DATA_DIR is private: ` +
        `move DATA_DIR to a folder every user may enter`,
    );
  }
  return movedCluster(dataDir, user, runtimeDir);
}
