/**
 * Preloaded into each cluster process by the HTTP benchmark's --profile (NODE_OPTIONS="--import <this file>", since
 * Node 20 refuses --cpu-prof in NODE_OPTIONS): samples the process's CPU from start to exit with the inspector's
 * profiler and writes BENCH_CPU_PROFILE_DIR/CPU.0.0.<pid>.0.cpuprofile, the name `node --cpu-prof` would use.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 1000 });
  session.post("Profiler.start");
  // The in-process session answers synchronously, so the profile is written before the process is gone.
  process.on("exit", () => {
    session.post("Profiler.stop", (err, result) => {
      if (!err) writeFileSync(path.join(dir, `CPU.0.0.${process.pid}.0.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
