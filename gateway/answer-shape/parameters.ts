/**
 * The one definition of `fields` (and of the list tools' `format`) that every surface declares: the REST query
 * parameter (a comma-separated string, as a query string carries a list), the tool argument (an array of names, as
 * JSON carries one), the OpenAPI document and the contract (both read the routes' and tools' schemas), and the
 * sentence of the tool endpoint's instructions that states the rule once.
 */

/** The rule, said once: in the REST parameter's description and in the tool endpoint's instructions. */
export const FIELDS_RULE =
  "`fields` keeps only the named fields: of each row of a list (its count, cursor and bound stay), or of a detail's top level; a dotted path reaches into a nested list or object (cards.card_id), and a name the answer does not have is refused, naming the valid ones.";

/** The rule of `format`, said once in the tool endpoint's instructions. */
export const FORMAT_RULE =
  'List tools take `format: "csv"`: the first text block becomes RFC 4180 CSV of the rows (a header row of their fields, or of `fields`; nested values as JSON), the second the JSON of the rest of the answer; structuredContent stays JSON.';

export const ANSWER_FORMATS = ["json", "csv"] as const;
export type AnswerFormat = (typeof ANSWER_FORMATS)[number];

/** A list tool's argument: how its text block carries the rows. */
export const formatArgument = { type: "string", enum: [...ANSWER_FORMATS], default: "json" } as const;

/**
 * The tool argument: an array of field names. Kept short, since tools/list repeats it on every tool: the rule is in the
 * instructions, and the names are checked against the answer's schema (an empty list or a name not there is refused).
 */
export const fieldsArgument = { type: "array", items: { type: "string" } } as const;

/** The REST query parameter: the same names, comma-separated (`fields=board_id,root_topic,status`). */
export const fieldsQuery = {
  type: "string",
  minLength: 1,
  maxLength: 1024,
  description: `Comma-separated. ${FIELDS_RULE} Omitted: every field.`,
} as const;
