/** The institute's long-lived memory documents (catalog.institute_memory), markdown. */
import { create } from "@bufbuild/protobuf";
import { MemoryDocumentSchema, type MemoryDocument } from "../../../gen/institute/catalog/v1/workspace_pb.js";
import type { Pool } from "../../../lib/db/pool.js";
import { int64 } from "../rows.js";

const ALL = "SELECT memory_id, title, body, updated_at FROM catalog.institute_memory ORDER BY title, memory_id";

export interface MemoryStore {
  all(): Promise<MemoryDocument[]>;
}

export function createMemoryStore(db: Pool): MemoryStore {
  return {
    async all() {
      const { rows } = await db.query<{ memory_id: string; title: string; body: string; updated_at: number }>({
        name: "workspace.memory.all",
        text: ALL,
      });
      return rows.map((r) =>
        create(MemoryDocumentSchema, {
          memoryId: r.memory_id,
          title: r.title,
          body: r.body,
          updatedAt: int64(r.updated_at),
        }),
      );
    },
  };
}
