/** The analyst catalog as tools (spec §2.2): the operations of GET /api/v1/analysts[/{id}] (gateway/operations/analysts.ts). */
import { getAnalyst, listAnalysts } from "../../operations/analysts.js";
import type { ToolDefinition } from "../tool.js";
import { operationTool } from "./operation-tool.js";

const grant = { scope: "analysts:read" };

const analystsList = operationTool(listAnalysts, {
  title: "List analysts",
  description:
    "Every analyst of the institute's catalog with its category, specialty and default tasks (the whole catalog; it is small and not paged).",
  grant,
  toolset: "catalog",
});

const analystsGet = operationTool(getAnalyst, {
  title: "Get one analyst",
  description: "One analyst by id, with its category object.",
  grant,
  toolset: "catalog",
});

export const ANALYST_TOOLS: ToolDefinition[] = [analystsList, analystsGet];
