/** Starts the run's PostgreSQL server once; test files create their own databases on it. */
import type { TestProject } from "vitest/node";
import { startTestServer } from "./helpers/postgres-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide("adminUrl", server.adminUrl);
  return () => server.stop();
}
