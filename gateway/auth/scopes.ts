/** Every scope an institute key can hold. All are read scopes: no key can ever be granted write. */
export const REST_SCOPES = ["analysts:read", "whiteboard:read", "reports:read", "portfolios:read", "search:read", "factcards:read"] as const;
export const TOOL_SCOPES = ["viewer:read", "analysts:read", "whiteboard:read", "sessions:read", "mailbox:read", "events:read"] as const;
export const ALL_SCOPES: readonly string[] = [...new Set<string>([...REST_SCOPES, ...TOOL_SCOPES])].sort();
