/**
 * One compose project of docker-compose.yml, under a name of its own so runs never meet each other or an operator's
 * project: up, down, stop and start (all or one service), one-off commands, psql in the PostgreSQL container, and a
 * time-bounded wait for every container to be healthy (a container that exits or turns unhealthy fails at once,
 * with its last log lines). Containers are found by compose's labels, so compose v1 and v2 both work.
 */
import { REPO_ROOT } from "../../../app/cluster/repo-root.js";
import { run, type Ran } from "./docker-cli.js";

export interface ContainerState {
  service: string;
  status: string;
  health: string | null;
  exitCode: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class ComposeProject {
  constructor(
    readonly name: string,
    private readonly compose: readonly string[],
    readonly env: Record<string, string>,
  ) {}

  cmd(args: readonly string[], timeoutMs: number, allowFailure = false): Promise<Ran> {
    const [command, ...prefix] = this.compose;
    return run(command!, [...prefix, "-p", this.name, "-f", "docker-compose.yml", ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...this.env },
      timeoutMs,
      allowFailure,
    });
  }

  up = () => this.cmd(["up", "-d", "--no-build"], 10 * 60_000);
  down = (volumes: boolean) =>
    this.cmd(["down", "--remove-orphans", "-t", "30", ...(volumes ? ["-v"] : [])], 3 * 60_000);
  stop = (...services: string[]) => this.cmd(["stop", "-t", "30", ...services], 2 * 60_000);
  start = (...services: string[]) => this.cmd(["start", ...services], 2 * 60_000);
  logs = (service: string) => this.cmd(["logs", "--no-color", "--tail", "40", service], 60_000, true);

  /** A one-off container of a service (its image and environment), removed after: `run --rm --no-deps`. */
  oneOff = (service: string, args: readonly string[], flags: readonly string[] = []) =>
    this.cmd(["run", "--rm", "--no-deps", "-T", ...flags, service, ...args], 5 * 60_000);

  /** One SQL statement in the PostgreSQL container as the owner; the rows as JSON values. */
  async sql<T = Record<string, unknown>>(statement: string): Promise<T[]> {
    const wrapped = `SELECT coalesce(json_agg(t), '[]') FROM (${statement}) t`;
    const ran = await this.cmd(
      [
        "exec",
        "-T",
        "postgres",
        "psql",
        "-U",
        "institute",
        "-d",
        "institute",
        "-v",
        "ON_ERROR_STOP=1",
        "-At",
        "-c",
        wrapped,
      ],
      60_000,
    );
    return JSON.parse(ran.stdout) as T[];
  }

  async execSql(statement: string): Promise<void> {
    await this.cmd(
      [
        "exec",
        "-T",
        "postgres",
        "psql",
        "-U",
        "institute",
        "-d",
        "institute",
        "-v",
        "ON_ERROR_STOP=1",
        "-q",
        "-c",
        statement,
      ],
      60_000,
    );
  }

  /** Every container of the project but one-off ones, by service. */
  async states(): Promise<ContainerState[]> {
    const ids = await run("docker", ["ps", "-aq", "--filter", `label=com.docker.compose.project=${this.name}`], {
      timeoutMs: 30_000,
    });
    const list = ids.stdout.split("\n").filter(Boolean);
    if (!list.length) return [];
    const inspected = JSON.parse((await run("docker", ["inspect", ...list], { timeoutMs: 30_000 })).stdout) as {
      Config: { Labels: Record<string, string> };
      State: { Status: string; ExitCode: number; Health?: { Status: string } };
    }[];
    return inspected
      .filter((c) => c.Config.Labels["com.docker.compose.oneoff"] !== "True")
      .map((c) => ({
        service: c.Config.Labels["com.docker.compose.service"]!,
        status: c.State.Status,
        health: c.State.Health?.Status ?? null,
        exitCode: c.State.ExitCode,
      }))
      .sort((a, b) => a.service.localeCompare(b.service));
  }

  /**
   * Waits until each service with a health check is healthy and each one-shot service (migrate) exited 0. A
   * container that stops otherwise, or turns unhealthy, fails the wait at once with its logs.
   */
  async waitHealthy(oneShot: readonly string[], timeoutMs: number): Promise<ContainerState[]> {
    const deadline = Date.now() + timeoutMs;
    let states: ContainerState[] = [];
    while (Date.now() < deadline) {
      states = await this.states();
      const broken = states.find((s) =>
        oneShot.includes(s.service)
          ? s.status === "exited" && s.exitCode !== 0
          : s.status === "exited" || s.status === "dead" || s.health === "unhealthy",
      );
      if (broken)
        throw new Error(
          `${broken.service} is ${broken.status}/${broken.health}:\n${(await this.logs(broken.service)).stdout}`,
        );
      const done = states.every((s) =>
        oneShot.includes(s.service) ? s.status === "exited" : s.status === "running" && s.health === "healthy",
      );
      if (states.length && done) return states;
      await sleep(1000);
    }
    const waiting = states.filter(
      (s) => !(s.health === "healthy" || (oneShot.includes(s.service) && s.status === "exited")),
    );
    const logs = await Promise.all(waiting.map(async (s) => `${s.service}:\n${(await this.logs(s.service)).stdout}`));
    throw new Error(`not healthy within ${timeoutMs} ms: ${JSON.stringify(waiting)}\n${logs.join("\n")}`);
  }
}
