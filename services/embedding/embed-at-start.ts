/**
 * The owner-side embedding of a running all-in-one process (and of the seed CLI): opens the configured embedder,
 * embeds whatever is pending now, then again every 30 seconds, so rows that writers add later are embedded
 * (and reach the indexes) without a restart. An embedder that cannot be opened is reported and tried again.
 */
import type pg from "pg";
import type { SearchConfig } from "../../lib/config/search.js";
import { embedPending, type EmbedReport } from "./embed-job.js";
import { openEmbedder } from "../../lib/embedding/open-embedder.js";

const EVERY_MS = 30_000;

export function describeReport(r: EmbedReport): string {
  const part = (name: string, c: EmbedReport["documents"]) =>
    `${name} ${c.embedded} embedded, ${c.skipped} skipped, ${c.failed} failed`;
  if (r.busy) return "embeddings: another embed job is running";
  return `embeddings (${r.model}): ${part("documents", r.documents)}; ${part("fact cards", r.factCards)}${r.aborted ? `; stopped early: ${r.aborted}` : ""}`;
}

/** Embeds what is pending once; says what happened in one line. Never throws. */
export async function embedConfigured(
  owner: pg.Pool,
  config: Pick<SearchConfig, "embeddings">,
  say: (line: string) => void,
): Promise<EmbedReport | null> {
  try {
    const embedder = await openEmbedder(config.embeddings);
    return await embedPending(owner, embedder);
  } catch (e) {
    say(`embeddings: not computed: ${(e as Error).message}`);
    return null;
  }
}

/** Embeds now (awaited), then periodically until `stop()`; quiet when there was nothing to do. */
export async function startEmbedding(
  owner: pg.Pool,
  config: Pick<SearchConfig, "embeddings" | "indexRefreshMs">,
  say: (line: string) => void,
) {
  const report = await embedConfigured(owner, config, say);
  if (report) say(describeReport(report));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const again = () => {
    if (stopped || config.indexRefreshMs <= 0) return;
    timer = setTimeout(async () => {
      const r = await embedConfigured(owner, config, say);
      const did = r && (r.aborted || [r.documents, r.factCards].some((c) => c.embedded + c.skipped + c.failed > 0));
      if (did) say(describeReport(r));
      again();
    }, EVERY_MS);
    timer.unref();
  };
  again();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
