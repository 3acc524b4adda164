/**
 * What a target's processes used over one measured run: peak resident memory and CPU time. The peak (VmHWM) is
 * reset before the run through /proc/<pid>/clear_refs ("5", Linux 4.0+) and read after it; where the reset is
 * refused, VmRSS is sampled every 100 ms and the highest sample kept. CPU time is utime + stime from
 * /proc/<pid>/stat, so a cost per request can be told apart from time spent waiting on a busy machine.
 */
import { readFileSync, writeFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function statusKb(pid: number, field: "VmHWM" | "VmRSS"): number | undefined {
  try {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) in parentheses: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export interface ProcessUse {
  /** Peak resident set in MiB over the run, or undefined where /proc is not readable. */
  peakRssMib: number | undefined;
  /** CPU seconds (user + system) the process used over the run. */
  cpuSeconds: number | undefined;
}

export function watchProcess(pid: number): { stop(): ProcessUse } {
  let reset = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    reset = true;
  } catch {
    reset = false;
  }
  const cpuBefore = cpuSeconds(pid);
  let sampled = statusKb(pid, "VmRSS") ?? 0;
  const timer = reset ? undefined : setInterval(() => (sampled = Math.max(sampled, statusKb(pid, "VmRSS") ?? 0)), 100);
  return {
    stop() {
      clearInterval(timer);
      const kb = reset ? statusKb(pid, "VmHWM") : Math.max(sampled, statusKb(pid, "VmRSS") ?? 0);
      const cpuAfter = cpuSeconds(pid);
      return {
        peakRssMib: kb === undefined || kb === 0 ? undefined : kb / 1024,
        cpuSeconds: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
      };
    },
  };
}
