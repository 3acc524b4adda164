/** What a cross-origin browser may read and send, wherever CORS is granted (the tool endpoint, the public documents). */
export const CROSS_ORIGIN_EXPOSED = "WWW-Authenticate, Mcp-Protocol-Version, RateLimit-Policy, RateLimit, Retry-After";
export const CROSS_ORIGIN_REQUEST_HEADERS =
  "Authorization, Content-Type, Accept, X-API-Key, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID";
