/**
 * Two projects, run one after the other: the product's tests (in parallel, over the run's PostgreSQL server), then the
 * deployment run for real (test/deploy/run/: images, compose, restarts), alone, so its builds and nine containers
 * never compete with the product's tests for the machine. `npm run test:deploy` runs the second alone.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "product",
          include: ["**/*.test.ts"],
          exclude: ["node_modules/**", ".data/**", "test/deploy/run/**"],
          globalSetup: ["test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: "forks",
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "deploy",
          include: ["test/deploy/run/**/*.test.ts"],
          testTimeout: 10 * 60_000,
          hookTimeout: 45 * 60_000,
          pool: "forks",
          // One file at a time: the daemon script's test compares the host before and after, which compose changes.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
