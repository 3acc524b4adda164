/** The analyst catalog: analysts with their category flattened onto each row (spec §2.2). */
import { create } from "@bufbuild/protobuf";
import {
  AnalystDetailSchema,
  AnalystSummarySchema,
  CategorySchema,
  type AnalystDetail,
  type AnalystSummary,
} from "../../gen/institute/catalog/v1/catalog_pb.js";
import type { Pool } from "../../lib/db/pool.js";
import { orUndefined } from "./rows.js";

interface AnalystRow {
  analyst_id: string;
  name: string;
  name_en: string | null;
  icon: string | null;
  agent: string | null;
  specialty: string | null;
  specialty_en: string | null;
  category_id: string | null;
  category_name: string | null;
  category_name_en: string | null;
  tasks_default: string[];
}

const SELECT_ANALYSTS = `
  SELECT a.analyst_id, a.name, a.name_en, a.icon, a.agent, a.specialty, a.specialty_en,
         c.category_id, c.name AS category_name, c.name_en AS category_name_en, a.tasks_default
    FROM catalog.analysts a
    LEFT JOIN catalog.categories c ON c.category_id = a.category_id`;

// Categories in their sort order, analysts in theirs within a category, then by id; analysts without a
// category come last (NULLS LAST), since they belong to no desk.
const LIST_ANALYSTS = `${SELECT_ANALYSTS}
   ORDER BY c.sort_order NULLS LAST, c.category_id NULLS LAST, a.sort_order, a.analyst_id`;

const GET_ANALYST = `${SELECT_ANALYSTS}
   WHERE a.analyst_id = $1`;

function summaryFields(r: AnalystRow) {
  return {
    id: r.analyst_id,
    name: r.name,
    nameEn: orUndefined(r.name_en),
    icon: orUndefined(r.icon),
    agent: orUndefined(r.agent),
    specialty: orUndefined(r.specialty),
    specialtyEn: orUndefined(r.specialty_en),
    categoryId: orUndefined(r.category_id),
    categoryName: orUndefined(r.category_name),
    categoryNameEn: orUndefined(r.category_name_en),
    tasksDefault: r.tasks_default,
  };
}

export interface AnalystsStore {
  list(): Promise<AnalystSummary[]>;
  get(analystId: string): Promise<AnalystDetail | undefined>;
}

export function createAnalystsStore(db: Pool): AnalystsStore {
  return {
    async list() {
      const { rows } = await db.query<AnalystRow>({ name: "catalog.analysts.list", text: LIST_ANALYSTS });
      return rows.map((r) => create(AnalystSummarySchema, summaryFields(r)));
    },

    async get(analystId) {
      const { rows } = await db.query<AnalystRow>({
        name: "catalog.analysts.get",
        text: GET_ANALYST,
        values: [analystId],
      });
      const r = rows[0];
      if (!r) return undefined;
      // category_name is NOT NULL in the table, so a joined category always has one; no category, no object.
      const category =
        r.category_id === null
          ? undefined
          : create(CategorySchema, {
              id: r.category_id,
              name: r.category_name ?? "",
              nameEn: orUndefined(r.category_name_en),
            });
      return create(AnalystDetailSchema, { ...summaryFields(r), category });
    },
  };
}
