/** The revision of the MCP Apps extension the views speak (LATEST_PROTOCOL_VERSION of ext-apps 2.0.4). */
export const UI_PROTOCOL_VERSION = "2026-01-26";
