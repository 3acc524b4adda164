/**
 * The images the compose topology runs: the official ones (docker-compose.yml's defaults for NODE_IMAGE,
 * POSTGRES_IMAGE and NATS_IMAGE) when they are here or can be pulled, otherwise the local equivalents
 * deploy/local-images/build.sh makes from Debian and the npm registry (which needs root, debootstrap and npm). Then
 * the app image itself, built from deploy/Dockerfile as `docker compose up --build` would.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../../../app/cluster/repo-root.js";
import { run } from "./docker-cli.js";

export const APP_IMAGE = "institute-publishing:local";
export type ImageEnv = { NODE_IMAGE: string; POSTGRES_IMAGE: string; NATS_IMAGE: string };

/** docker-compose.yml's default for each image variable (`${NAME:-default}`). */
export function officialImages(): ImageEnv {
  const compose = readFileSync(path.join(REPO_ROOT, "docker-compose.yml"), "utf8");
  const of = (name: keyof ImageEnv) => {
    const m = new RegExp(`\\$\\{${name}:-([^}]+)\\}`).exec(compose);
    if (!m) throw new Error(`docker-compose.yml names no default for ${name}`);
    return m[1]!;
  };
  return { NODE_IMAGE: of("NODE_IMAGE"), POSTGRES_IMAGE: of("POSTGRES_IMAGE"), NATS_IMAGE: of("NATS_IMAGE") };
}

const present = async (image: string) =>
  (await run("docker", ["image", "inspect", image], { timeoutMs: 30_000, allowFailure: true })).code === 0;

export type ImagePlan =
  | { kind: "official"; env: ImageEnv }
  | { kind: "local"; build: () => Promise<ImageEnv> }
  | { kind: "none"; why: string };

/** Official images when every one is here or pulls; else the local build when this machine can make it. */
export async function planImages(): Promise<ImagePlan> {
  const official = officialImages();
  let pullFailure = "";
  for (const image of Object.values(official)) {
    if (await present(image)) continue;
    const pulled = await run("docker", ["pull", "-q", image], { timeoutMs: 600_000, allowFailure: true });
    if (pulled.code !== 0) {
      pullFailure = `${image}: ${pulled.stderr.trim().split("\n").pop()}`;
      break;
    }
  }
  if (!pullFailure) return { kind: "official", env: official };
  const missing = [
    process.getuid?.() === 0 ? null : "root",
    existsSync("/usr/sbin/debootstrap") ? null : "debootstrap",
  ].filter(Boolean);
  if (missing.length)
    return {
      kind: "none",
      why: `no registry image (${pullFailure}) and the local images need ${missing.join(" and ")}`,
    };
  return { kind: "local", build: buildLocalImages };
}

async function buildLocalImages(): Promise<ImageEnv> {
  const built = await run("bash", [path.join(REPO_ROOT, "deploy/local-images/build.sh")], {
    timeoutMs: 20 * 60_000,
    cwd: REPO_ROOT,
  });
  const env = Object.fromEntries(
    built.stdout
      .split("\n")
      .map((l) => /^([A-Z_]+)=(\S+)$/.exec(l.trim()))
      .filter((m) => m !== null)
      .map((m) => [m[1], m[2]]),
  );
  for (const name of ["NODE_IMAGE", "POSTGRES_IMAGE", "NATS_IMAGE"])
    if (!env[name]) throw new Error(`deploy/local-images/build.sh printed no ${name}:\n${built.stdout}`);
  return env as ImageEnv;
}

/**
 * Builds the app image from deploy/Dockerfile. The build stages use the host's network: a daemon started by
 * scripts/with-docker-daemon.sh has no bridge or NAT of its own (it leaves the host's firewall alone).
 */
export async function buildAppImage(images: ImageEnv) {
  return run(
    "docker",
    [
      "build",
      "--network",
      "host",
      "--build-arg",
      `NODE_IMAGE=${images.NODE_IMAGE}`,
      "-f",
      "deploy/Dockerfile",
      "-t",
      APP_IMAGE,
      ".",
    ],
    { timeoutMs: 20 * 60_000, cwd: REPO_ROOT },
  );
}
