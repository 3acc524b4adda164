/** The contract's version, read-surface revision and changelog (spec §9.3, §9.4). Bump the revision when the derivation changes. */

export const CONTRACT_VERSION = 2;
export const CONTRACT_REVISION = 11;
/** Spec §9 rule 4: the day tools/list began to require a credential (the changelog and the auth section say it). */
export const TOOLS_LIST_NEEDS_CREDENTIAL_SINCE = "2026-09-13";

export const CHANGELOG = [
  {
    version: 1,
    revision: null,
    date: null,
    changes: [
      "provenance link on artifacts (type 'artifact', ref, origin, author, date)",
      "callback receiver for the dispatch relay's task callbacks",
      "the service identifies itself as a coordination participant on the relay's coordination channel",
    ],
  },
  {
    version: 2,
    revision: null,
    date: null,
    changes: [
      "publication of the submission rate (per tick, per hour) and of the edge reserve",
      "the conditions under which each submission control engages",
      "disclosure that the task timeout sent to the relay is not honoured on the edge path",
    ],
  },
  {
    version: 2,
    revision: null,
    date: TOOLS_LIST_NEEDS_CREDENTIAL_SINCE,
    changes: [
      "tools/list requires a credential (viewer:read or any credential valid for a tool call, peer keys included); before that it was open",
    ],
  },
  {
    version: 2,
    revision: 9,
    date: null,
    changes: ["tool totals and bound counts are derived from the tool registry at run time instead of literals"],
  },
  {
    version: 2,
    revision: 10,
    date: null,
    changes: [
      "resources (institute:// templates), prompts and argument completion on the tool endpoint, listed here from their registries",
      "toolsets: tools/list narrowed with X-MCP-Toolsets or ?toolsets=; a credential is listed only the tools it may call (viewer:read still sees all)",
      "document tools take max_chars and offset and report truncated and next_offset",
    ],
  },
  {
    version: 2,
    revision: 11,
    date: null,
    changes: [
      "fields: every JSON REST route (a comma-separated query parameter) and every tool but the document tools (an array argument) answer only the named fields; tools.fields says which answers are lists",
      'format: "csv" on list tools: the rows as RFC 4180 CSV in the text block, the rest of the answer as JSON beside it',
      "resources.views: the interactive views (MCP Apps, ui:// resources) and the tools whose results they draw",
    ],
  },
] as const;
