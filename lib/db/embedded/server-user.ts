/**
 * Which operating-system user the embedded PostgreSQL server runs as. PostgreSQL refuses to run as root, so a root
 * process hands the server to the unprivileged `postgres` user (created when missing, as a system account); any
 * other user runs the server as itself.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { userInfo } from "node:os";
import { StartError } from "../../process/start-error.js";

export interface ServerUser {
  name: string;
  uid: number;
  gid: number;
  /** True when the server runs as another user than this process (this process is root). */
  switched: boolean;
}

const SERVER_ACCOUNT = "postgres";

function lookup(name: string): { uid: number; gid: number } | null {
  const id = (flag: string) => spawnSync("id", [flag, name], { encoding: "utf8" });
  const uid = id("-u");
  const gid = id("-g");
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function createAccount(name: string): void {
  try {
    if (spawnSync("getent", ["group", name]).status !== 0)
      execFileSync("groupadd", ["--system", name], { stdio: "pipe" });
    execFileSync(
      "useradd",
      [
        "--system",
        "--gid",
        name,
        "--no-create-home",
        "--home-dir",
        "/nonexistent",
        "--shell",
        "/usr/sbin/nologin",
        name,
      ],
      {
        stdio: "pipe",
      },
    );
  } catch (e) {
    const detail = String((e as { stderr?: Buffer }).stderr ?? (e as Error).message).trim();
    throw new StartError(
      `embedded PostgreSQL cannot run as root and the '${name}' user could not be created (${detail}): create it, or set DATABASE_URL`,
    );
  }
}

export function serverUser(): ServerUser {
  const me = userInfo();
  if (me.uid !== 0) return { name: me.username, uid: me.uid, gid: me.gid, switched: false };
  const found = lookup(SERVER_ACCOUNT) ?? (createAccount(SERVER_ACCOUNT), lookup(SERVER_ACCOUNT));
  if (!found)
    throw new StartError(
      `embedded PostgreSQL cannot run as root and no '${SERVER_ACCOUNT}' user exists: create it, or set DATABASE_URL`,
    );
  return { name: SERVER_ACCOUNT, ...found, switched: true };
}

/** True when `user` can enter `dir` (search permission on it and on every folder above it). */
export function canEnter(user: ServerUser, dir: string): boolean {
  if (!user.switched) return true;
  const probe = spawnSync("/bin/sh", ["-c", 'cd -- "$1"', "probe", dir], {
    uid: user.uid,
    gid: user.gid,
    stdio: "ignore",
  });
  return probe.status === 0;
}
