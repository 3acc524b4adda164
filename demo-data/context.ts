/** What every part of the generator shares: options, the clock, the rows so far, identifiers, random streams. */
import { Clock } from "./clock.js";
import { DemoDataset } from "./dataset.js";
import { IdFactory, Random } from "./random.js";

export interface SeedOptions {
  /** Any safe integer; the same seed gives the same data. */
  seed: number;
  /** Volume factor (> 0): threads, cards, documents, fact cards, sessions, ... Analysts, portfolios and date spans stay fixed. */
  scale: number;
  /** Epoch milliseconds: "now" for the dataset. Nothing that happened is stamped after it. */
  asOf: number;
}

export interface DemoContext {
  readonly options: SeedOptions;
  readonly clock: Clock;
  readonly data: DemoDataset;
  readonly ids: IdFactory;
  /** The stream for one part of the generator. */
  rng(label: string): Random;
  /** A scale-1 volume times the scale factor, at least `min`. */
  scaled(n: number, min?: number): number;
}

export const MAX_SCALE = 200;

export function validateOptions(options: SeedOptions): void {
  const { seed, scale, asOf } = options;
  if (!Number.isSafeInteger(seed)) throw new Error(`demo data: seed must be a safe integer, got ${seed}`);
  if (!Number.isFinite(scale) || scale <= 0 || scale > MAX_SCALE) {
    throw new Error(`demo data: scale must be a number above 0 and at most ${MAX_SCALE}, got ${scale}`);
  }
  // The NAV history reaches back more than three years; keep it after 2000-01-01.
  if (!Number.isSafeInteger(asOf) || asOf < Date.UTC(2004, 0, 1) || asOf > Date.UTC(2200, 0, 1)) {
    throw new Error(`demo data: asOf must be epoch milliseconds between 2004 and 2200, got ${asOf}`);
  }
}

export function createContext(options: SeedOptions): DemoContext {
  validateOptions(options);
  return {
    options,
    clock: new Clock(options.asOf),
    data: new DemoDataset(),
    ids: new IdFactory(Random.derive(options.seed, "ids")),
    rng: (label) => Random.derive(options.seed, label),
    scaled: (n, min = 1) => Math.max(min, Math.round(n * options.scale)),
  };
}
