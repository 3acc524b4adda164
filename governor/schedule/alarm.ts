/**
 * The governor's schedules run on its clock (deps.now), not on the machine's timers directly, so a test can drive
 * them: a manual clock fires alarms as it is moved, a fast clock makes a five-minute tick take seconds. An alarm runs
 * its function once the clock reads at least the time asked for.
 */
export type SetAlarm = (at: number, run: () => void) => () => void;

/** The longest delay a Node timer takes (about 24.8 days). */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * Alarms on Node timers against a clock that keeps the machine's pace (Date.now, by default). A timer that fires
 * early for the clock (a clock set back, a delay cut at the timer's maximum) is set again for the rest.
 */
export function timerAlarm(now: () => number = Date.now): SetAlarm {
  return (at, run) => {
    let timer: NodeJS.Timeout | null = null;
    const arm = () => {
      const wait = at - now();
      if (wait <= 0) {
        timer = null;
        run();
        return;
      }
      timer = setTimeout(arm, Math.min(wait, MAX_DELAY));
      timer.unref();
    };
    arm();
    return () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
  };
}
