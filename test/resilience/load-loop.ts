/**
 * Steady load for fault tests: `concurrency` workers each call `request` back to back until stopped, and every
 * outcome is kept with the phase (set by the test as it injects faults) in which the request started and ended.
 */
export interface Sample<T> {
  startPhase: string;
  endPhase: string;
  outcome: T;
}

export interface LoadLoop<T> {
  phase: string;
  readonly samples: Sample<T>[];
  /** Resolves once `predicate` holds for the samples so far (polled), or rejects after `timeoutMs`. */
  until(predicate: (samples: Sample<T>[]) => boolean, timeoutMs: number, what: string): Promise<void>;
  stop(): Promise<Sample<T>[]>;
}

export function startLoad<T>(request: (n: number) => Promise<T>, concurrency: number, phase = "before"): LoadLoop<T> {
  const samples: Sample<T>[] = [];
  let running = true;
  let n = 0;
  const loop: LoadLoop<T> = {
    phase,
    samples,
    async until(predicate, timeoutMs, what) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(samples)) {
        if (Date.now() > deadline) throw new Error(`load: ${what} did not happen within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stop() {
      running = false;
      await Promise.all(workers);
      return samples;
    },
  };
  const workers = Array.from({ length: concurrency }, async () => {
    while (running) {
      const startPhase = loop.phase;
      const outcome = await request(n++);
      samples.push({ startPhase, endPhase: loop.phase, outcome });
      // Yield, so that a tight loop of instant refusals cannot starve the test's own timers.
      await new Promise((r) => setImmediate(r));
    }
  });
  return loop;
}
