/**
 * The read-only lint's allowances, all of them, in this one place (spec §5.2 rule 6). Each is code under a read path
 * that writes for a reason other than answering a reader, and runs with the owner role, never the SELECT-only role
 * the read services use (lib/db/reader-role.ts). An allowance names exactly what it allows; one that no longer
 * matches anything fails the lint, so the list cannot outgrow the tree.
 */

export interface Allowance {
  /** A file, or a folder when it ends in `/`; a name starting with `*` matches that folder name anywhere. */
  path: string;
  allows: ReadonlyArray<"sql" | "outbound">;
  reason: string;
}

export const ALLOWANCES: readonly Allowance[] = [
  {
    path: "*/migrations/",
    allows: ["sql"],
    reason: "the schema: applied by the owner role at start (lib/db/migrate.ts), never by a request",
  },
  { path: "lib/db/migrate.ts", allows: ["sql"], reason: "the migration runner and its record of applied migrations" },
  {
    path: "lib/db/reader-role.ts",
    allows: ["sql"],
    reason: "creates the SELECT-only role the read services connect with: the guarantee itself (spec §5.2 rule 6)",
  },
  {
    path: "lib/db/embedded/embedded-server.ts",
    allows: ["sql"],
    reason: "creates the embedded server's database on the first start of the all-in-one mode",
  },
  {
    path: "gateway/auth/key-admin.ts",
    allows: ["sql"],
    reason: "key administration: the operator mints and revokes keys (npm run keys, the admin listener)",
  },
  { path: "gateway/auth/key-rotation.ts", allows: ["sql"], reason: "key administration: the operator rotates a key" },
  {
    path: "gateway/auth/demo-key.ts",
    allows: ["sql"],
    reason: "key administration: npm start replaces the demo key it prints, once per start",
  },
  {
    path: "gateway/rate-limit/bucket-store.ts",
    allows: ["sql"],
    reason: "the rate limiter's own token buckets, shared by replicas through the database; no published data",
  },
  {
    path: "lib/usage/usage-writer.ts",
    allows: ["sql"],
    reason: "usage counting: per-credential counts aggregated in memory and flushed (DESIGN §10)",
  },
  { path: "lib/usage/import-log.ts", allows: ["sql"], reason: "the importer records each import it ran" },
  { path: "lib/audit/audit-log.ts", allows: ["sql"], reason: "the audit row every operator action writes" },
  {
    path: "lib/object-store/object-store.ts",
    allows: ["sql"],
    reason: "the importer stores report bodies; the read services only get them",
  },
  {
    path: "lib/withdrawals/withdraw.ts",
    allows: ["sql"],
    reason: "withdrawals: the operator withdraws and reinstates",
  },
  {
    path: "services/embedding/embed-targets.ts",
    allows: ["sql"],
    reason: "the embed job stores vectors of archived rows at start (embed-at-start.ts), not on a request",
  },
  {
    path: "lib/embedding/http-embedder.ts",
    allows: ["outbound"],
    reason:
      "an OpenAI-compatible embeddings API takes its texts in a POST body; it computes vectors and stores nothing",
  },
  {
    path: "lib/rpc/unary-http1-transport.ts",
    allows: ["outbound"],
    reason:
      "the gateway's calls to its own service processes: the Connect protocol sends every unary call, reads included, as a POST",
  },
];

export function allowanceFor(file: string, kind: "sql" | "outbound"): Allowance | undefined {
  return ALLOWANCES.find((a) => a.allows.includes(kind) && covers(a.path, file));
}

function covers(path: string, file: string): boolean {
  if (path.startsWith("*")) return file.includes(path.slice(1));
  return path.endsWith("/") ? file.startsWith(path) : file === path;
}
