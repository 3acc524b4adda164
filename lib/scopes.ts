/** Every scope an institute key can hold. All are read scopes: no key can ever be granted write. */
export const REST_SCOPES = [
  "analysts:read",
  "whiteboard:read",
  "reports:read",
  "portfolios:read",
  "search:read",
  "factcards:read",
] as const;
export const TOOL_SCOPES = [
  "viewer:read",
  "analysts:read",
  "whiteboard:read",
  "sessions:read",
  "mailbox:read",
  "events:read",
] as const;
export const ALL_SCOPES: readonly string[] = [...new Set<string>([...REST_SCOPES, ...TOOL_SCOPES])].sort();

/**
 * The feed token's one scope: it reads the report feeds (gateway/rest/feeds.ts) and nothing else, and it is the only
 * credential accepted in a URL (`?token=`), for feed readers that cannot send headers. A key holding it holds no
 * other scope (docs/access-control.md), so a key that may travel in a URL can never read anything but feeds.
 */
export const FEED_SCOPE = "feeds:read";
