/**
 * A clock that runs `speed` times faster than the machine's from an origin, shared by every process that is given
 * the same origin, real start and speed (FAST_CLOCK=origin,realStart,speed): at 60, a five-minute tick comes every
 * five seconds, in the test and in the governor processes it starts alike. Its alarms wait real time scaled down.
 */
import type { SetAlarm } from "../../governor/schedule/alarm.js";

export interface FastClock {
  now(): number;
  alarm: SetAlarm;
  /** Real milliseconds until the clock reads `at`. */
  realMsUntil(at: number): number;
  /** The value of FAST_CLOCK that gives another process this clock. */
  env: string;
}

export function fastClock(origin: number, speed: number, realStart = Date.now()): FastClock {
  const now = () => origin + (Date.now() - realStart) * speed;
  const realMsUntil = (at: number) => Math.max(0, Math.ceil((at - now()) / speed));
  return {
    now,
    realMsUntil,
    env: `${origin},${realStart},${speed}`,
    alarm(at, run) {
      let timer: NodeJS.Timeout | null = null;
      const arm = () => {
        if (now() >= at) {
          timer = null;
          run();
          return;
        }
        timer = setTimeout(arm, realMsUntil(at));
        timer.unref();
      };
      arm();
      return () => {
        if (timer) clearTimeout(timer);
        timer = null;
      };
    },
  };
}

export function fastClockFrom(env: string | undefined): FastClock | null {
  const parts = env?.split(",").map(Number);
  if (!parts || parts.length !== 3 || parts.some((n) => !Number.isFinite(n))) return null;
  return fastClock(parts[0]!, parts[2]!, parts[1]!);
}
