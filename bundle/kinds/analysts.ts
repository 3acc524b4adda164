/**
 * analysts.ndjson: an AnalystDetail exactly as GET /api/v1/analysts/{analystId} answers it, in the order
 * GET /api/v1/analysts lists them. The REST shape has no sort keys, so the file's order is the catalog's order: a
 * new analyst's sort_order is its line number, and a new category's the line number of its first analyst; an
 * analyst or category already in the database keeps its place (a bundle of a few edited lines reorders nothing).
 * Categories travel inside their analysts; a category no analyst belongs to is not part of the output.
 */
import { id, int32, nullable, text, textArray } from "../columns.js";
import type { Kind } from "../kind.js";
import { lineSchema } from "../table-kind.js";
import { upsertRows } from "../upsert.js";

const category = lineSchema({ id: id.schema, name: text.schema, name_en: nullable(text).schema });

const schema = lineSchema({
  id: id.schema,
  name: text.schema,
  name_en: nullable(text).schema,
  icon: nullable(text).schema,
  agent: nullable(text).schema,
  specialty: nullable(text).schema,
  specialty_en: nullable(text).schema,
  category_id: nullable(id).schema,
  category_name: nullable(text).schema,
  category_name_en: nullable(text).schema,
  tasks_default: textArray.schema,
  category: { anyOf: [category, { type: "null" }] },
});

interface AnalystLine {
  id: string;
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
  category: { id: string; name: string; name_en: string | null } | null;
}

const categories = {
  table: "catalog.categories",
  key: ["category_id"],
  columns: [
    ["category_id", id],
    ["name", text],
    ["name_en", nullable(text)],
    ["sort_order", int32],
  ],
  insertOnly: ["sort_order"],
} as const;

const analysts = {
  table: "catalog.analysts",
  key: ["analyst_id"],
  columns: [
    ["analyst_id", id],
    ["name", text],
    ["name_en", nullable(text)],
    ["icon", nullable(text)],
    ["agent", nullable(text)],
    ["specialty", nullable(text)],
    ["specialty_en", nullable(text)],
    ["category_id", nullable(text)],
    ["tasks_default", textArray],
    ["sort_order", int32],
  ],
  insertOnly: ["sort_order"],
} as const;

export const analystsKind: Kind<AnalystLine> = {
  name: "analysts",
  describe:
    "an AnalystDetail, as GET /api/v1/analysts/{analystId} answers it, in the order GET /api/v1/analysts lists them",
  schema,
  exportSql: `
    SELECT a.analyst_id AS id, a.name, a.name_en, a.icon, a.agent, a.specialty, a.specialty_en,
           c.category_id, c.name AS category_name, c.name_en AS category_name_en, a.tasks_default
      FROM catalog.analysts a LEFT JOIN catalog.categories c ON c.category_id = a.category_id
     ORDER BY c.sort_order NULLS LAST, c.category_id NULLS LAST, a.sort_order, a.analyst_id`,
  toLine: (r) => ({
    id: r.id as string,
    name: r.name as string,
    name_en: r.name_en as string | null,
    icon: r.icon as string | null,
    agent: r.agent as string | null,
    specialty: r.specialty as string | null,
    specialty_en: r.specialty_en as string | null,
    category_id: r.category_id as string | null,
    category_name: r.category_name as string | null,
    category_name_en: r.category_name_en as string | null,
    tasks_default: r.tasks_default as string[],
    category:
      r.category_id === null
        ? null
        : {
            id: r.category_id as string,
            name: r.category_name as string,
            name_en: r.category_name_en as string | null,
          },
  }),
  check(line) {
    const c = line.category;
    if (c === null) {
      return line.category_id === null && line.category_name === null && line.category_name_en === null
        ? []
        : ["category is null but category_id, category_name or category_name_en is not"];
    }
    const problems: string[] = [];
    if (line.category_id !== c.id)
      problems.push(`category_id ${JSON.stringify(line.category_id)} differs from category.id ${JSON.stringify(c.id)}`);
    if (line.category_name !== c.name)
      problems.push(
        `category_name ${JSON.stringify(line.category_name)} differs from category.name ${JSON.stringify(c.name)}`,
      );
    if (line.category_name_en !== c.name_en)
      problems.push(
        `category_name_en ${JSON.stringify(line.category_name_en)} differs from category.name_en ${JSON.stringify(c.name_en)}`,
      );
    return problems;
  },
  async write(client, batch, { state }) {
    // A category is written once per import, at its first analyst: that line's category is the one kept.
    const seen = (state.get("categories") as Set<string> | undefined) ?? new Set<string>();
    state.set("categories", seen);
    const newCategories = [];
    for (const [i, line] of batch.lines.entries()) {
      const c = line.category;
      if (c && !seen.has(c.id)) {
        seen.add(c.id);
        newCategories.push({ category_id: c.id, name: c.name, name_en: c.name_en, sort_order: batch.lineNos[i] });
      }
    }
    const rows = batch.lines.map((l, i) => ({ ...l, analyst_id: l.id, sort_order: batch.lineNos[i] }));
    return (await upsertRows(client, categories, newCategories)) + (await upsertRows(client, analysts, rows));
  },
};
