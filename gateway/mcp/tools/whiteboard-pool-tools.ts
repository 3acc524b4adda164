/**
 * The whiteboard's topic pool and similarity-gate log as tools, scope whiteboard:read: the REST lists (spec §2.4,
 * §2.5, gateway/operations/whiteboard.ts) with the same filters, orders, limits and service calls, bounded.
 */
import { similarityLog, topicPool } from "../../operations/whiteboard.js";
import type { ToolDefinition } from "../tool.js";
import { operationTool } from "./operation-tool.js";

const grant = { scope: "whiteboard:read" };

const topicPoolTool = operationTool(topicPool, {
  title: "The whiteboard topic pool",
  description:
    "Candidate topics for whiteboard threads, highest score first: the hourly kickoff drains the top candidate.",
  grant,
  toolset: "whiteboard",
});

const similarityLogTool = operationTool(similarityLog, {
  title: "The similarity-gate log",
  description:
    "The similarity gate's decisions before each kickoff, newest first, with summary_7d counting every decision of the trailing seven days whatever `limit` and `decision` cut.",
  grant,
  toolset: "whiteboard",
});

export const WHITEBOARD_POOL_TOOLS: ToolDefinition[] = [topicPoolTool, similarityLogTool];
