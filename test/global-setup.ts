/**
 * Starts the run's PostgreSQL server once; test files create their own databases on it. Builds the interactive
 * views into the source tree (git-ignored) first, as npm run build does into dist/, for the gateways the tests run
 * from the sources.
 */
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildViews } from "../app/cluster/build-views.js";
import { writeIfChanged } from "../app/cluster/build.js";
import { REPO_ROOT } from "../app/cluster/repo-root.js";
import { startTestServer } from "./helpers/postgres-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  for (const [file, html] of await buildViews(REPO_ROOT)) writeIfChanged(path.join(REPO_ROOT, file), Buffer.from(html));
  const server = await startTestServer();
  project.provide("adminUrl", server.adminUrl);
  return () => server.stop();
}
