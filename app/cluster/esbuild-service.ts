/**
 * esbuild's service process, shared by the builds of one process (the compiled dist/, the views) and ended once no
 * build of this process needs it: it holds about 130 MiB after a build, for as long as the caller (the launcher,
 * npm run start:cluster) lives.
 */
import { build, stop, type BuildOptions, type BuildResult } from "esbuild";

let building = 0;

export async function compile(options: BuildOptions): Promise<BuildResult> {
  building++;
  try {
    return await build(options);
  } finally {
    if (--building === 0) await stop();
  }
}
