/**
 * `npm run build`: compiles the product folders into dist/ (app/cluster/build.ts), what the cluster's processes and
 * the image run (`node --enable-source-maps dist/app/gateway.js`, …). npm start and the tests run the sources.
 */
import { buildDist } from "../app/cluster/build.js";
import { REPO_ROOT } from "../app/cluster/repo-root.js";
import { failureLine } from "../lib/process/failure-line.js";

buildDist(REPO_ROOT)
  .then((r) => {
    process.stderr.write(`built ${r.outDir}: ${r.files} files, ${r.written} written, ${r.removed} removed\n`);
  })
  .catch((e: unknown) => {
    process.stderr.write(`build failed: ${failureLine(e)}\n`);
    process.exitCode = 1;
  });
