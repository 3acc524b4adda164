/**
 * `fields`: the caller names the members it needs and the answer keeps only those (per row of a list, with the
 * list's wrapper whole; the top-level members of a detail). Names are checked against the answer's schema
 * (answer-shape.ts) before anything is cut, and a wrong one is refused naming it and every valid one. The cut is
 * applied to an answer already computed (and cached): the service and the read cache only ever see whole answers.
 */
import { answerShape, type AnswerShape } from "./answer-shape.js";

/** A refused `fields`: the message names the wrong field and lists the valid ones. Each surface renders it its way. */
export class FieldsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FieldsError";
  }
}

/** The selection as a tree: a member mapped to `true` is kept whole, to a subtree is cut further. */
export type Selection = Map<string, Selection | true>;

export interface FieldSelection {
  shape: AnswerShape;
  selection: Selection;
  /** The names as given, deduplicated, in the caller's order (the columns of a CSV answer). */
  names: readonly string[];
}

/** Splits a REST `fields=a,b.c` value into names: empty items are refused like unknown names. */
export const splitFields = (value: string) => value.split(",").map((name) => name.trim());

function insert(tree: Selection, path: string[]) {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    tree.set(head, true);
    return;
  }
  const node = tree.get(head);
  if (node === true) return;
  const child: Selection = node ?? new Map();
  tree.set(head, child);
  insert(child, rest);
}

/** Validates `names` against the schema of an answer and builds the selection; a wrong name throws FieldsError. */
export function selectFields(schema: Record<string, unknown>, names: readonly string[]): FieldSelection {
  const shape = answerShape(schema);
  const valid = new Set(shape.paths);
  if (names.length === 0) throw new FieldsError(`'fields' names no field; valid fields: ${shape.paths.join(", ")}`);
  const unknown = names.find((name) => !valid.has(name));
  if (unknown !== undefined)
    throw new FieldsError(`unknown field '${unknown}' in 'fields'; valid fields: ${shape.paths.join(", ")}`);
  const selection: Selection = new Map();
  for (const name of names) insert(selection, name.split("."));
  return { shape, selection, names: [...new Set(names)] };
}

function cut(value: unknown, selection: Selection): unknown {
  if (Array.isArray(value)) return value.map((element) => cut(element, selection));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    const node = selection.get(name);
    if (node === undefined) continue;
    out[name] = node === true ? member : cut(member, node);
  }
  return out;
}

/** The answer with only the selected members: each row of a list (its wrapper kept), or the detail itself. */
export function projectAnswer(answer: object, { shape, selection }: FieldSelection): Record<string, unknown> {
  if (shape.list === undefined) return cut(answer, selection) as Record<string, unknown>;
  const whole = answer as Record<string, unknown>;
  return { ...whole, [shape.list]: cut(whole[shape.list], selection) };
}
