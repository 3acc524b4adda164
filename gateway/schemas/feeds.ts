/**
 * Query and response schemas of the report feeds: the language and an Atom or JSON Feed body. The feed token
 * (`?token=`) is a credential, described by the OpenAPI document's feedToken security scheme, not a parameter.
 */
import { analystIdParam } from "./reports.js";
import { errorResponse, gatedErrors, object } from "./common.js";

export const feedQuery = {
  type: "object",
  properties: {
    lang: {
      type: "string",
      enum: ["en", "zh"],
      default: "en",
      description: "en: English reports, else language-agnostic ones; zh: Chinese reports.",
    },
  },
} as const;

export const feedAnalystParams = object({ analystId: analystIdParam });

const body = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: { type: "string" } } },
});

export const atomResponses = (notFound: boolean) => ({
  200: body(
    "application/atom+xml",
    "An Atom 1.0 feed, newest entry first; each entry's content is the report as safe HTML. An entry withdrawn " +
      "within the feed's window is an RFC 6721 at:deleted-entry (ref: the entry's id, when: its withdrawal).",
  ),
  ...gatedErrors,
  ...(notFound ? { 404: errorResponse } : {}),
});

export const jsonFeedResponses = (notFound: boolean) => ({
  200: body(
    "application/feed+json",
    "A JSON Feed 1.1, newest item first; each item's content_html is the report as safe HTML. Items withdrawn " +
      "within the feed's window are listed in the extension _institute.deleted_items as {id, date_deleted}.",
  ),
  ...gatedErrors,
  ...(notFound ? { 404: errorResponse } : {}),
});
