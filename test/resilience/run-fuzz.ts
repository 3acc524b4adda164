/**
 * Runs a fuzz property with a fixed seed (FUZZ_SEED overrides it, FUZZ_SCALE multiplies the runs, to explore) and
 * reports a failure by its own message, shrunk, without dumping megabytes of counterexample.
 */
import fc from "fast-check";

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261121);

const SCALE = Number(process.env.FUZZ_SCALE ?? 1);

export async function runFuzz<T>(property: fc.IAsyncProperty<T>, numRuns: number): Promise<void> {
  const details = await fc.check(property, {
    numRuns: Math.round(numRuns * SCALE),
    seed: FUZZ_SEED,
    endOnFailure: false,
    markInterruptAsFailure: true,
  });
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `fuzz failed after ${details.numRuns} run(s) (seed ${details.seed}, path ${details.counterexamplePath}): ${cause.slice(0, 2000)}`,
  );
}
