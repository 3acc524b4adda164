/**
 * scripts/with-docker-daemon.sh, the way CI gets a Docker daemon, leaves the host as it found it: a daemon of its
 * own (in temporary roots, beside any other) runs a command that leaves a container running with a published port,
 * a network and a volume, and the command's exit code comes back; a SIGTERM to the script mid-command stops both.
 * Each time ip_forward, every iptables and ip6tables table (iptables-save), the interfaces, the folders Docker may
 * create and the cgroups must be as they were, with no process and no mount left under the daemon's roots.
 * It starts a daemon, so it runs only under CI=true (as root, with dockerd installed): npm test on someone's own
 * machine never starts one.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../app/cluster/repo-root.js";

const why =
  process.env.CI !== "true"
    ? "it starts a Docker daemon, which only CI does (CI=true)"
    : process.getuid?.() !== 0
      ? "starting a daemon needs root"
      : spawnSync("sh", ["-c", "command -v dockerd"]).status !== 0
        ? "dockerd is not installed"
        : null;
if (why) console.warn(`with-docker-daemon.sh tests skipped: ${why}`);

const SCRIPT = path.join(REPO_ROOT, "scripts/with-docker-daemon.sh");
const root = mkdtempSync(path.join(tmpdir(), "dockerd-test-"));
const env = {
  ...process.env,
  DOCKERD_DATA_ROOT: path.join(root, "data"),
  DOCKERD_EXEC_ROOT: path.join(root, "exec"),
  // No daemon answers here, so the script starts its own even where another one runs (CI's).
  DOCKER_HOST: `unix://${path.join(root, "none.sock")}`,
};
// A container that stays up: the host's sleep and its libraries as an image, on a network, with a volume and a port.
const LEAVE_A_CONTAINER = `set -e
tar -ch /bin/sleep $(ldd /bin/sleep | grep -o '/[^ ]*') 2>/dev/null | docker import - dockerd-test:sleep >/dev/null
docker network create dockerd-test >/dev/null
docker volume create dockerd-test >/dev/null
docker run -d --network dockerd-test -v dockerd-test:/data -p 127.0.0.1::9999 dockerd-test:sleep /bin/sleep 600 >/dev/null
echo "running: $(docker ps -q | wc -l)"
ip -o link show | awk -F': ' '{ print "link " $2 }'`;

const sh = (command: string) => spawnSync("sh", ["-c", command], { encoding: "utf8" }).stdout;

/** What a daemon could change on the host, as the script itself compares it, taken independently. */
function hostState() {
  const saved = (tool: string) =>
    sh(`command -v ${tool} >/dev/null && ${tool} 2>/dev/null | grep -v '^#' | sed -E 's/ \\[[0-9]+:[0-9]+\\]$//'`);
  return {
    ipForward: readFileSync("/proc/sys/net/ipv4/ip_forward", "utf8").trim(),
    iptables: saved("iptables-save"),
    ip6tables: saved("ip6tables-save"),
    links: sh("ip -o link show | awk -F': ' '{ print $2 }'").split("\n").sort(),
    paths: ["/run/docker", "/run/docker.sock", "/run/containerd", "/var/lib/docker", "/etc/docker/key.json"].filter(
      (p) => existsSync(p),
    ),
    cgroups: sh("ls -d /sys/fs/cgroup/*/institute-docker 2>/dev/null"),
  };
}

/** Processes and mounts left under the temporary roots. */
function leftovers() {
  const processes = readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, "utf8").includes(root);
      } catch {
        return false;
      }
    });
  const mounts = readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .map((l) => l.split(" ")[4])
    .filter((m) => m?.startsWith(root));
  return { processes, mounts };
}

function runScript(command: string, onOutput?: (text: string, pid: number) => void) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(SCRIPT, ["bash", "-c", command], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const take = (d: Buffer) => {
      output += d.toString();
      onOutput?.(output, child.pid!);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe.skipIf(why !== null)("scripts/with-docker-daemon.sh", () => {
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("runs the command against a daemon of its own, returns its exit code, and leaves the host as it was", async () => {
    const before = hostState();
    const { code, output } = await runScript(`${LEAVE_A_CONTAINER}\nexit 3`);
    expect(output).toContain("running: 1");
    // The command did change the host while it ran: a bridge and a veth pair.
    expect(output).toMatch(/link br-[0-9a-f]+/);
    expect(code, output).toBe(3);
    expect(hostState()).toEqual(before);
    expect(leftovers()).toEqual({ processes: [], mounts: [] });
    // The images stay in the data root for the next run; the runtime folder is gone.
    expect(existsSync(path.join(root, "data", "image"))).toBe(true);
    expect(existsSync(path.join(root, "exec"))).toBe(false);
  }, 180_000);

  it("stops the command and the daemon on SIGTERM, and leaves the host as it was", async () => {
    const before = hostState();
    let sent = false;
    const { code, output } = await runScript(`${LEAVE_A_CONTAINER}\nsleep 600`, (text, pid) => {
      if (!sent && text.includes("running: 1")) {
        sent = true;
        process.kill(pid, "SIGTERM");
      }
    });
    expect(sent, output).toBe(true);
    expect(code, output).toBe(143);
    expect(output).toContain("TERM: stopping the command and the daemon");
    expect(hostState()).toEqual(before);
    expect(leftovers()).toEqual({ processes: [], mounts: [] });
  }, 180_000);
});
