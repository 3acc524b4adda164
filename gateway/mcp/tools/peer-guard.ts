/**
 * Tools that are withheld from peers or granted by party check their caller themselves too. The endpoint refuses
 * such a call before the tool runs (gateway/auth/tool-access.ts); this second check, with the same rules, keeps
 * the tool closed on any other path that might call it.
 */
import type { Principal } from "../../auth/principal.js";
import { toolAccess } from "../../auth/tool-access.js";
import type { ToolDefinition } from "../tool.js";
import { authError } from "../tool-errors.js";

export function assertAccess(
  principal: Principal,
  tool: Pick<ToolDefinition, "name" | "grant" | "withheldFromPeers">,
): void {
  const access = toolAccess(principal, tool);
  if (!access.ok) {
    const { code, required, granted } = access;
    throw authError(access.error, { code, ...(required ? { required } : {}), ...(granted ? { granted } : {}) });
  }
}
