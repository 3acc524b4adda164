/**
 * A target is measured once its rate has stopped climbing. V8 compiles a server's hot paths over its first seconds
 * under load: the all-in-one's search answered 220 requests a second in its first 3 s and about 800 from the 6th,
 * the cluster's took 10 s to level off, and a fixed 2 s warm-up let the first measured round count that climb
 * against the service and not against the much smaller hand-written route.
 */

/** A slice is still climbing when its rate beats the best before it by more than this. */
const CLIMB = 0.03;
/** Slices in a row that did not climb before the rate counts as level. */
const LEVEL_SLICES = 3;
const SLICE_SECONDS = 1;

/**
 * Runs `run` in slices of a second until the rate has not climbed for three slices in a row, for at least
 * `minSeconds` and at most `maxSeconds`. Returns the seconds spent.
 */
export async function warmUp(
  run: (seconds: number) => Promise<{ requests: number; seconds: number }>,
  options: { minSeconds: number; maxSeconds: number },
): Promise<number> {
  let best = 0;
  let level = 0;
  let spent = 0;
  while (spent < options.maxSeconds) {
    const slice = await run(SLICE_SECONDS);
    spent += SLICE_SECONDS;
    const rate = slice.requests / slice.seconds;
    level = rate > best * (1 + CLIMB) ? 0 : level + 1;
    best = Math.max(best, rate);
    if (spent >= options.minSeconds && level >= LEVEL_SLICES) break;
  }
  return spent;
}
