/**
 * Every operation served on both surfaces, and what links them, derived from the definitions: each REST route and
 * the tool that serves the same operation. The contract's tests and docs/tool-catalogue.md read this list; nothing
 * types it a second time.
 */
import { ANALYST_OPERATIONS } from "./analysts.js";
import { FACTCARD_OPERATIONS } from "./factcards.js";
import { latestIndex } from "./latest-index.js";
import { routeName, type Operation } from "./operation.js";
import { PORTFOLIO_OPERATIONS } from "./portfolios.js";
import { REPORT_OPERATIONS } from "./reports.js";
import { search } from "./search.js";
import { SHARED_DATA_OPERATIONS } from "./shared-data.js";
import { WHITEBOARD_OPERATIONS } from "./whiteboard.js";

export const OPERATIONS: readonly Operation[] = [
  ...ANALYST_OPERATIONS,
  ...WHITEBOARD_OPERATIONS,
  ...REPORT_OPERATIONS,
  latestIndex,
  ...PORTFOLIO_OPERATIONS,
  search,
  ...FACTCARD_OPERATIONS,
  ...SHARED_DATA_OPERATIONS,
];

/** Each REST route (`GET /api/v1/...`) and the tool serving the same operation. */
export const REST_TOOL_EQUIVALENTS: ReadonlyArray<{ route: string; tool: string }> = OPERATIONS.map((op) => ({
  route: routeName(op),
  tool: op.tool,
}));
