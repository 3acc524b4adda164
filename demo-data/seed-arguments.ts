/** The seed command's arguments: `[--seed N] [--scale N] [--as-of YYYY-MM-DD]`, validated into SeedOptions. */
import { parseArgs } from "node:util";
import { isWorkDate, startOfWorkDate } from "../lib/work-date.js";
import { MAX_SCALE, type SeedOptions } from "./context.js";

export const USAGE = "usage: seed [--seed N] [--scale N] [--as-of YYYY-MM-DD]";

/** A bad argument: the message is the one line the command prints. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** --as-of D means 18:00 Asia/Singapore on D; without it, `now`. */
export function parseSeedArguments(argv: string[], now: number): SeedOptions {
  let values: { seed?: string; scale?: string; "as-of"?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: { seed: { type: "string" }, scale: { type: "string" }, "as-of": { type: "string" } },
    }));
  } catch (e) {
    throw new UsageError(`${(e as Error).message.split("\n")[0]} (${USAGE})`);
  }
  const seedText = values.seed ?? "1";
  if (!/^\d{1,15}$/.test(seedText)) throw new UsageError(`--seed must be a whole number, got "${seedText}"`);
  const scaleText = values.scale ?? "1";
  const scale = Number(scaleText);
  if (!/^\d+(\.\d+)?$/.test(scaleText) || !(scale > 0) || scale > MAX_SCALE) {
    throw new UsageError(`--scale must be a number above 0 and at most ${MAX_SCALE}, got "${scaleText}"`);
  }
  const asOfText = values["as-of"];
  if (asOfText !== undefined && !isWorkDate(asOfText))
    throw new UsageError(`--as-of must be a date YYYY-MM-DD, got "${asOfText}"`);
  const asOf = asOfText === undefined ? now : startOfWorkDate(asOfText) + 18 * 3_600_000;
  if (asOf < Date.UTC(2004, 0, 1) || asOf > Date.UTC(2200, 0, 1))
    throw new UsageError(`--as-of must be between 2004 and 2199, got "${asOfText}"`);
  return { seed: Number(seedText), scale, asOf };
}
