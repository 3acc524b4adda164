/**
 * Request checks the service makes itself: internal gRPC callers reach it without the gateway's JSON Schemas,
 * so every date, language and identifier is validated here too, as InvalidArgument.
 */
import { Code, ConnectError } from "@connectrpc/connect";
import { isWorkDate } from "../../lib/work-date.js";

/** A stored report language: `plain` is a report with no language marker (spec §1.5). */
export type ReportLang = "en" | "zh" | "plain";

const MAX_ID_LENGTH = 200;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Quotes a caller's value in an error message without echoing an unbounded string. */
const quote = (value: string) => `'${value.length > 64 ? `${value.slice(0, 64)}…` : value}'`;

const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);

export function requireWorkDate(value: string, field = "date"): string {
  if (!isWorkDate(value)) throw invalid(`invalid ${field} ${quote(value)}: expected a YYYY-MM-DD calendar date`);
  return value;
}

/**
 * The languages to try, in order. With `lang` (en or zh) only that language; without it English first, then the
 * language-agnostic report: the card-report rule (spec §4.1 rule 1), applied to daily and weekly reports too.
 * A date with only a Chinese report therefore needs `lang=zh`.
 */
export function languagePreference(lang: string): ReportLang[] {
  if (lang === "") return ["en", "plain"];
  if (lang === "en" || lang === "zh") return [lang];
  throw invalid(`invalid lang ${quote(lang)}: must be one of en, zh`);
}

/** Analyst ids and topics are free text in the schema; refuse only what no stored row can hold. */
export function requireIdentifier(value: string, field: string): string {
  if (value === "") throw invalid(`missing ${field}`);
  if (value.length > MAX_ID_LENGTH || CONTROL.test(value)) throw invalid(`invalid ${field} ${quote(value)}`);
  return value;
}

/** A shared-data topic name; the path form may carry a `.json` suffix, which is not part of the name. */
export function topicName(value: string): string {
  return requireIdentifier(value.endsWith(".json") ? value.slice(0, -".json".length) : value, "topic");
}
