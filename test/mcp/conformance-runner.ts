/**
 * Runs the official MCP conformance runner (@modelcontextprotocol/conformance) as a child process against a URL,
 * and a loopback proxy that adds a credential (the runner cannot send one) while passing Host and Origin through
 * unchanged, so the gateway sees exactly what the runner sent. Nothing leaves the loopback interface.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";

export interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  errorMessage?: string;
}

const NODE_MAJOR = Number(process.versions.node.split(".")[0]);
const COMPAT = path.resolve("test/mcp/conformance-node20/register.mjs");

function runnerArgs(): string[] {
  const entry = path.join(
    path.dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/package.json")),
    "dist/index.js",
  );
  return NODE_MAJOR >= 22 ? [entry] : ["--import", COMPAT, entry];
}

function run(args: string[], timeoutMs: number): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...runnerArgs(), ...args],
      { timeout: timeoutMs, env: { ...process.env, NO_COLOR: "1" } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/** Why the runner cannot run here, or undefined when it can. */
export async function runnerUnavailable(): Promise<string | undefined> {
  try {
    const probe = await run(["--version"], 30_000);
    if (probe.code !== 0) {
      const lines = (probe.stderr || probe.stdout).trim().split("\n");
      return `the conformance runner does not start on Node.js ${process.versions.node}: ${lines.find((l) => /Error/.test(l)) ?? lines.pop()}`;
    }
    return undefined;
  } catch (e) {
    return `the conformance runner is not installed: ${(e as Error).message}`;
  }
}

function checksIn(dir: string): Check[] {
  const found: Check[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...checksIn(full));
    else if (name === "checks.json") found.push(...(JSON.parse(readFileSync(full, "utf8")) as Check[]));
  }
  return found;
}

export async function runScenario(
  url: string,
  scenario: string,
): Promise<{ code: number; checks: Check[]; output: string }> {
  const out = mkdtempSync(path.join(tmpdir(), "mcp-conformance-"));
  try {
    const result = await run(["server", "--url", url, "--scenario", scenario, "-o", out], 120_000);
    return { code: result.code, checks: checksIn(out), output: `${result.stdout}\n${result.stderr}` };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** A loopback proxy to `target` that adds `headers` to every request and keeps every other header as sent. */
export async function startKeyProxy(
  target: string,
  headers: Record<string, string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, ...headers },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
