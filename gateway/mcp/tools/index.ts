/**
 * The tool registry: every tool of the endpoint, assembled from one file per area, each with the arguments every
 * answer takes (`fields`: ../answer-arguments.ts). tools/list, the contract and the OpenAPI document derive from it.
 */
import { withAnswerArguments } from "../answer-arguments.js";
import type { ToolDefinition } from "../tool.js";
import { ANALYST_TOOLS } from "./analyst-tools.js";
import { CHANGE_TOOLS } from "./change-tools.js";
import { CHAIN_FACT_TOOLS } from "./chain-fact-tools.js";
import { CHAIN_INDEX_TOOLS } from "./chain-index-tools.js";
import { COVERAGE_TOOLS } from "./coverage-tools.js";
import { DATA_TOOLS } from "./data-tools.js";
import { EVENT_TOOLS } from "./event-tools.js";
import { GOVERNOR_TOOLS } from "./governor-tools.js";
import { MAILBOX_TOOLS } from "./mailbox-tools.js";
import { MEMORY_TOOLS } from "./memory-tools.js";
import { PORTFOLIO_TOOLS } from "./portfolio-tools.js";
import { REPORT_TOOLS } from "./report-tools.js";
import { SEARCH_TOOLS } from "./search-tools.js";
import { SESSION_TOOLS } from "./session-tools.js";
import { WHITEBOARD_BOARD_TOOLS } from "./whiteboard-board-tools.js";
import { WHITEBOARD_CARD_TOOLS } from "./whiteboard-card-tools.js";
import { WHITEBOARD_POOL_TOOLS } from "./whiteboard-pool-tools.js";

export const TOOLS: ToolDefinition[] = [
  ...ANALYST_TOOLS,
  ...WHITEBOARD_BOARD_TOOLS,
  ...WHITEBOARD_CARD_TOOLS,
  ...WHITEBOARD_POOL_TOOLS,
  ...REPORT_TOOLS,
  ...DATA_TOOLS,
  ...PORTFOLIO_TOOLS,
  ...SEARCH_TOOLS,
  ...SESSION_TOOLS,
  ...MAILBOX_TOOLS,
  ...EVENT_TOOLS,
  ...CHAIN_FACT_TOOLS,
  ...CHAIN_INDEX_TOOLS,
  ...COVERAGE_TOOLS,
  ...GOVERNOR_TOOLS,
  ...MEMORY_TOOLS,
  ...CHANGE_TOOLS,
].map(withAnswerArguments);
