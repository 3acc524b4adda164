/**
 * What an interrupted bench (Ctrl-C, SIGTERM) must undo before it exits: the child servers, the databases it made
 * and the embedded PostgreSQL it started, whose folder in the temporary directory would otherwise outlive it with a
 * server still running on it. Steps run newest first, each given a few seconds, then the bench exits 130.
 */
type Step = () => Promise<unknown> | unknown;

const steps: Step[] = [];
let interrupted = false;
const STEP_TIMEOUT_MS = 15_000;

/** Registers a step to run on interrupt; the returned function unregisters it (once the bench undid it itself). */
export function undoOnInterrupt(step: Step): () => void {
  steps.push(step);
  return () => {
    const i = steps.lastIndexOf(step);
    if (i >= 0) steps.splice(i, 1);
  };
}

/**
 * The step, registered to run on interrupt; the returned function is how the bench undoes it itself (it runs the step
 * and unregisters it, so an interrupt later does not run it again).
 */
export function undoneOnInterrupt<R>(step: () => R): () => R {
  const forget = undoOnInterrupt(step);
  return () => {
    forget();
    return step();
  };
}

/** True once an interrupt is being handled: the failures the undoing causes in the bench's own flow are not news. */
export const isInterrupted = () => interrupted;

async function undoAll(signal: NodeJS.Signals): Promise<void> {
  if (interrupted) return; // a second Ctrl-C while undoing: the first one finishes the job
  interrupted = true;
  process.stderr.write(`bench: ${signal}: stopping what the bench started ...\n`);
  while (steps.length > 0) {
    const step = steps.pop()!;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((done) => (timer = setTimeout(done, STEP_TIMEOUT_MS)));
    await Promise.race([Promise.resolve().then(step), late]).catch((e: Error) => {
      process.stderr.write(`bench: while stopping: ${e.message}\n`);
    });
    clearTimeout(timer);
  }
  process.exit(130);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void undoAll(signal));
