import { describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config/config.js";

describe("configuration of the tool endpoint's credentials", () => {
  it("has the documented defaults", () => {
    const { auth } = loadConfig({});
    expect(auth).toMatchObject({
      authUrl: undefined,
      identityUrl: undefined,
      oauthDefaultScopes: ["viewer:read"],
      oauthCacheSeconds: 60,
      peersFile: undefined,
      publicBaseUrl: undefined,
      allowedOrigins: [],
    });
    expect(auth.peers.parties).toEqual([]);
  });

  it("derives the identity path from AUTH_URL, and takes AUTH_IDENTITY_URL when given", () => {
    expect(loadConfig({ AUTH_URL: "https://hub.example.org/" }).auth).toMatchObject({
      authUrl: "https://hub.example.org",
      identityUrl: "https://hub.example.org/oauth/userinfo",
    });
    expect(
      loadConfig({ AUTH_URL: "https://hub.example.org", AUTH_IDENTITY_URL: "https://id.example.org/me" }).auth
        .identityUrl,
    ).toBe("https://id.example.org/me");
  });

  it("reads scopes, origins and the public base address", () => {
    const { auth } = loadConfig({
      OAUTH_DEFAULT_SCOPES: "analysts:read, sessions:read",
      MCP_ALLOWED_ORIGINS: "https://a.example.org, http://localhost:6274/",
      PUBLIC_BASE_URL: "https://api.example.org/",
    });
    expect(auth.oauthDefaultScopes).toEqual(["analysts:read", "sessions:read"]);
    expect(auth.allowedOrigins).toEqual(["https://a.example.org", "http://localhost:6274"]);
    expect(auth.publicBaseUrl).toBe("https://api.example.org");
  });

  it.each([
    [{ AUTH_URL: "ftp://hub" }, "configuration: AUTH_URL must be an http:// or https:// URL, got ftp:"],
    [{ AUTH_URL: "hub" }, "configuration: AUTH_URL is not a URL"],
    [
      { AUTH_IDENTITY_URL: "https://id.example.org/me" },
      "configuration: AUTH_IDENTITY_URL needs AUTH_URL (the identity hub) to be set too",
    ],
    [
      { OAUTH_DEFAULT_SCOPES: "viewer:read,admin:write" },
      "configuration: OAUTH_DEFAULT_SCOPES names unknown scope admin:write",
    ],
    [{ OAUTH_DEFAULT_SCOPES: "reports:read" }, "configuration: OAUTH_DEFAULT_SCOPES names unknown scope reports:read"],
    [
      { OAUTH_CACHE_SECONDS: "soon" },
      'configuration: OAUTH_CACHE_SECONDS must be a whole number from 0 to 3600, got "soon"',
    ],
    [
      { MCP_ALLOWED_ORIGINS: "https://a.example.org/app" },
      'configuration: MCP_ALLOWED_ORIGINS holds "https://a.example.org/app", which is not an origin',
    ],
    [{ MCP_ALLOWED_ORIGINS: "*" }, 'configuration: MCP_ALLOWED_ORIGINS holds "*", which is not an origin'],
    [
      { PUBLIC_BASE_URL: "https://api.example.org/?x=1" },
      "configuration: PUBLIC_BASE_URL must not carry a query, fragment or credentials",
    ],
  ])("stops on %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
