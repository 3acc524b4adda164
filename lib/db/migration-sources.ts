/** Every owner of tables, with the folder of its ordered migrations. Each owns one PostgreSQL schema. */
import { fileURLToPath } from "node:url";

export interface MigrationSource {
  /** The PostgreSQL schema the source owns. */
  schema: string;
  dir: string;
}

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export const MIGRATION_SOURCES: MigrationSource[] = [
  { schema: "objects", dir: here("../object-store/migrations/") },
  { schema: "auth", dir: here("../../gateway/migrations/") },
  { schema: "catalog", dir: here("../../services/catalog/migrations/") },
  { schema: "reports", dir: here("../../services/reports/migrations/") },
  { schema: "portfolio", dir: here("../../services/portfolio/migrations/") },
  { schema: "search", dir: here("../../services/search/migrations/") },
  { schema: "factcard", dir: here("../../services/factcard/migrations/") },
  { schema: "governor", dir: here("../../governor/migrations/") },
  { schema: "audit", dir: here("../audit/migrations/") },
  { schema: "console", dir: here("../../admin/console/migrations/") },
  { schema: "usage", dir: here("../usage/migrations/") },
  // After every service schema: its triggers watch their tables.
  { schema: "changes", dir: here("../changes/migrations/") },
];
