/**
 * Turns off V8's allocation-site pretenuring for the serving process. With it on, a scavenge that finds most objects
 * of one allocation site still alive (a burst of requests in flight, a pause) makes V8 allocate every later object of
 * that site in the old generation: a search's or a log line's objects, dead a millisecond later, then fill the old
 * generation until a full collection, whose marking and pause put the p99 of requests around it at 20 to 50 ms. When a
 * process tips over is chance: paced at half rate, one search process grew its old generation by 37 MB a second and the
 * next by 3 (docs/benchmark.md, "What filled the old generation"). Set as the process starts, before it builds or
 * serves anything; what lives long (the indexes) is promoted by the scavenges instead.
 */
import { setFlagsFromString } from "node:v8";

export function keepShortLivedObjectsYoung(): void {
  setFlagsFromString("--no-allocation-site-pretenuring");
}
