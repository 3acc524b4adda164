import { LARGE_GRAPH, SMALL_GRAPH, type GraphTuning } from "../lib/vector/graph-tuning.js";

/** `--tunings 48/512,64/768`: usearch links/breadth pairs, or the two the product chooses between. */
export function tuningsOption(argv: string[]): GraphTuning[] {
  const i = argv.indexOf("--tunings");
  if (i < 0) return [SMALL_GRAPH, LARGE_GRAPH];
  return (argv[i + 1] ?? "").split(",").map((pair) => {
    const [connectivity, expansionAdd] = pair.split("/").map(Number);
    if (!Number.isInteger(connectivity) || !Number.isInteger(expansionAdd) || connectivity! < 2 || expansionAdd! < 1)
      throw new Error(`--tunings needs links/breadth pairs separated by commas (as 48/512), not "${pair}"`);
    return { connectivity: connectivity!, expansionAdd: expansionAdd! };
  });
}
