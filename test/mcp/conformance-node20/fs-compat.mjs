// node:fs plus globSync (Node.js 22+); on older Node.js a globSync that says why it cannot run.
import fs from "node:fs";

export * from "node:fs";
export default fs;
export const globSync =
  fs.globSync ??
  (() => {
    throw new Error("fs.globSync needs Node.js 22 or later (used only by the conformance runner's tier-check command)");
  });
