/**
 * What a search answer's protobuf costs on each side of the cluster's hop: encoding it (the search process), decoding
 * it (the gateway), and the gateway's JSON of it, per answer. The answer has the HTTP bench's shape: 12 matches, each
 * with its session, path, title, a 240-character excerpt in both scripts, its archive time and three highlights.
 * Medians of `--rounds` rounds of 20,000 answers each.
 *   node --import tsx bench/search-answer-codec.ts [--rounds 5]
 */
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { HighlightSchema, SearchMatchSchema, SearchResponseSchema } from "../gen/institute/search/v1/search_pb.js";
import { protoToJson } from "../lib/proto-json.js";
import { numberOption } from "./number-option.js";
import { median, table } from "./stats.js";

const PER_ROUND = 20_000;
const rounds = numberOption(process.argv.slice(2), "rounds", 5);

const excerpt = "Container rates fall as new capacity arrives; 集装箱运价随新运力到位而下跌。".repeat(6).slice(0, 240);
const answer = create(SearchResponseSchema, {
  query: "Will container rates fall below pre-2024 levels?",
  searchReady: true,
  results: Array.from({ length: 12 }, (_, i) =>
    create(SearchMatchSchema, {
      score: 0.05 - i / 1000,
      sessionId: `2026-11-${String(10 + i).padStart(2, "0")}-shipping`,
      path: `notes/shipping/container-rates-${i}.md`,
      title: "Container rates fall as new capacity arrives",
      excerpt,
      archivedAt: 1_763_700_000_000n + BigInt(i) * 86_400_000n,
      highlights: ["contain", "rate", "fall"].map((term, j) =>
        create(HighlightSchema, { start: j * 10, end: j * 10 + 5, term }),
      ),
      match: "both",
    }),
  ),
});
const bytes = toBinary(SearchResponseSchema, answer);

function microseconds(work: () => unknown): number {
  const t = performance.now();
  for (let i = 0; i < PER_ROUND; i++) work();
  return ((performance.now() - t) * 1000) / PER_ROUND;
}

const steps: [string, () => unknown][] = [
  ["encode (toBinary, the search process)", () => toBinary(SearchResponseSchema, answer)],
  ["decode (fromBinary, the gateway)", () => fromBinary(SearchResponseSchema, bytes)],
  ["the gateway's JSON (protoToJson, JSON.stringify)", () => JSON.stringify(protoToJson(SearchResponseSchema, answer))],
];
for (const [, work] of steps) microseconds(work);
const rows = steps.map(([name, work]) => {
  const runs: number[] = [];
  for (let r = 0; r < rounds; r++) runs.push(microseconds(work));
  return [name, median(runs).toFixed(1)];
});
console.log(`a search answer of ${bytes.length} bytes (protobuf), 12 matches; medians of ${rounds} rounds`);
console.log(table(["step", "µs an answer"], rows));
