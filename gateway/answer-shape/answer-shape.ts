/**
 * What `fields` may name in an answer, derived from the answer's JSON Schema alone, so REST routes and tools cut
 * their answers by one rule. A list answer holds one array of rows beside its wrapper members (`count`, a keyset's
 * `next_cursor`, a bound): the names are those of a row, and the wrapper stays whole. Any other answer is a detail:
 * the names are its own top-level members. Either way a dotted path reaches into a nested object or list of objects
 * (`cards.card_id`), as deep as the schema declares members.
 */

type Schema = Record<string, unknown>;

export interface AnswerShape {
  /** The member holding the rows of a list answer; undefined for a detail. */
  list: string | undefined;
  /** The schema of what `fields` names: a row of the list, or the whole answer. */
  subject: Schema;
  /** Every name `fields` accepts, in schema order: top-level members, then dotted paths beneath each. */
  paths: readonly string[];
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The object schema a member holds, through a nullable `anyOf` or an array's items; undefined for a scalar. */
export function memberObject(schema: unknown): Schema | undefined {
  if (!isSchema(schema)) return undefined;
  if (Array.isArray(schema.anyOf)) {
    const objects = schema.anyOf.map(memberObject).filter((s): s is Schema => s !== undefined);
    return objects.length === 1 ? objects[0] : undefined;
  }
  const types = ([] as unknown[]).concat(schema.type);
  if (types.includes("array")) return memberObject(schema.items);
  return isSchema(schema.properties) && Object.keys(schema.properties).length > 0 ? schema : undefined;
}

const isRowList = (schema: unknown) =>
  isSchema(schema) && ([] as unknown[]).concat(schema.type).includes("array") && memberObject(schema) !== undefined;

const propertiesOf = (schema: Schema) => (isSchema(schema.properties) ? schema.properties : {});

/** Every path under a schema's members: `name`, then `name.member` for each member a nested object declares. */
function pathsOf(schema: Schema, prefix = ""): string[] {
  const out: string[] = [];
  for (const [name, member] of Object.entries(propertiesOf(schema))) {
    out.push(prefix + name);
    const nested = memberObject(member);
    if (nested) out.push(...pathsOf(nested, `${prefix}${name}.`));
  }
  return out;
}

/** The member a list answer keeps its rows in: its one array of objects, beside `count` or a keyset's `next_cursor`, or alone. */
function listMember(schema: Schema): string | undefined {
  const members = propertiesOf(schema);
  const lists = Object.keys(members).filter((name) => isRowList(members[name]));
  if (lists.length !== 1) return undefined;
  const names = Object.keys(members);
  return "count" in members || "next_cursor" in members || names.length === 1 ? lists[0] : undefined;
}

const SHAPES = new WeakMap<object, AnswerShape>();

export function answerShape(schema: Schema): AnswerShape {
  let shape = SHAPES.get(schema);
  if (!shape) {
    const list = listMember(schema);
    const subject = list === undefined ? schema : memberObject(propertiesOf(schema)[list])!;
    shape = { list, subject, paths: pathsOf(subject) };
    SHAPES.set(schema, shape);
  }
  return shape;
}
