/**
 * Request checks the service makes itself: internal gRPC callers reach it without the gateway's JSON Schemas,
 * so every date, language and identifier is validated here too, as InvalidArgument.
 */
import { isWorkDate } from "../../lib/work-date.js";
import { invalid, quote, requireId } from "../request-checks.js";

/** A stored report language: `plain` is a report with no language marker (spec §1.5). */
export type ReportLang = "en" | "zh" | "plain";

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

/** A shared-data topic name; the path form may carry a `.json` suffix, which is not part of the name. */
export function topicName(value: string): string {
  return requireId(value.endsWith(".json") ? value.slice(0, -".json".length) : value, "topic");
}
