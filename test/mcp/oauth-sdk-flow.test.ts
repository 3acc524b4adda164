/**
 * Spec §5.2 rule 2 end to end with stock parts: the official MCP TypeScript SDK client (its OAuthClientProvider and
 * StreamableHTTPClientTransport) against the gateway and a real authorization server (oidc-provider). From the 401,
 * through protected-resource discovery, authorization-server metadata, dynamic client registration, the code flow
 * with PKCE S256 (its authorize step driven programmatically through the hub's auto-consenting interaction), to a
 * successful tools/call resolved through the hub's userinfo endpoint.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startIdentityHub, type IdentityHub } from "../identity-hub/identity-hub.js";
import { startLiveGateway, type LiveGateway } from "./harness.js";

const REDIRECT = "http://127.0.0.1:9/oauth/callback";

class MemoryProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | undefined;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "conformance of the tool endpoint",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The user agent: follows the hub's redirects with its cookies until the hub redirects to the client with a code. */
async function authorize(url: URL): Promise<string> {
  const jar = new Map<string, string>();
  let next = url.href;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`authorization stopped at ${res.status}: ${await res.text()}`);
    next = new URL(location, next).href;
    if (next.startsWith(REDIRECT)) {
      const back = new URL(next);
      const code = back.searchParams.get("code");
      if (!code) throw new Error(`no code: ${back.search}`);
      return code;
    }
  }
  throw new Error("too many redirects");
}

let hub: IdentityHub;
let gw: LiveGateway;
beforeAll(async () => {
  hub = await startIdentityHub();
  gw = await startLiveGateway({ env: { AUTH_URL: hub.issuer } });
});
afterAll(async () => {
  await gw?.close();
  await hub?.close();
});

it("the hub advertises dynamic registration, the code flow endpoints and PKCE S256 (spec §5.2 rule 2.3)", async () => {
  const metadata = (await (await fetch(`${hub.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<
    string,
    unknown
  >;
  expect(metadata).toMatchObject({
    issuer: hub.issuer,
    registration_endpoint: `${hub.issuer}/oauth/register`,
    authorization_endpoint: `${hub.issuer}/oauth/authorize`,
    token_endpoint: `${hub.issuer}/oauth/token`,
    userinfo_endpoint: `${hub.issuer}/oauth/userinfo`,
    code_challenge_methods_supported: ["S256"],
  });
});

it("goes from 401 through discovery, registration and the code flow to a successful tools/call, resource read and prompt list", async () => {
  const provider = new MemoryProvider();
  const first = new StreamableHTTPClientTransport(new URL(gw.url), { authProvider: provider });
  await expect(new Client({ name: "sdk-oauth-test", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(
    UnauthorizedError,
  );

  // Discovery and registration happened: the client holds a dynamically registered id, and an authorize URL with PKCE S256.
  expect(provider.client?.client_id).toBeTruthy();
  const authUrl = provider.authorizationUrl!;
  expect(authUrl.origin + authUrl.pathname).toBe(`${hub.issuer}/oauth/authorize`);
  expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authUrl.searchParams.get("scope")).toContain("openid");
  expect(hub.hits.some((h) => h.path === "/.well-known/oauth-authorization-server")).toBe(true);
  expect(hub.hits.some((h) => h.method === "POST" && h.path === "/oauth/register")).toBe(true);

  await first.finishAuth(await authorize(authUrl));
  expect(provider.saved?.access_token).toBeTruthy();

  const transport = new StreamableHTTPClientTransport(new URL(gw.url), { authProvider: provider });
  const client = new Client({ name: "sdk-oauth-test", version: "1.0.0" });
  await client.connect(transport);
  expect(client.getServerVersion()?.name).toBeTruthy();
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toContain("analysts_list");
  const result = await client.callTool({ name: "analysts_list", arguments: {} });
  expect(result.isError).toBe(false);
  expect((result.structuredContent as { count: number }).count).toBe(2);
  await client.ping();

  // Resources and prompts through the same token: the bytes the tool serves, a missing document refused as the tool refuses it.
  const memory = await client.readResource({ uri: "institute://memory" });
  const whole = await client.callTool({ name: "institute_memory_md", arguments: {} });
  expect((memory.contents[0] as { text: string }).text).toBe(
    (whole.structuredContent as { markdown: string }).markdown,
  );
  await expect(client.readResource({ uri: "institute://reports/daily/2001-01-01" })).rejects.toThrow(
    "MCP error -32002: no daily report for 2001-01-01",
  );
  // A tool's own failure is a result the model reads (isError), carrying spec §7.2's error beside it.
  const failed = await client.callTool({ name: "reports_daily", arguments: { date: "2001-01-01" } });
  expect(failed.isError).toBe(true);
  expect(failed.content).toEqual([
    {
      type: "text",
      text: "reports_daily failed: no daily report for 2001-01-01. [permanent: not_found] Calling again with the same arguments will not help.",
    },
  ]);
  expect(failed.error).toMatchObject({ code: -32002, data: { category: "permanent", code: "not_found" } });
  expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual([
    "morning_brief",
    "review_portfolio",
    "verify_claim",
    "thread_digest",
  ]);

  // The gateway resolved the token with one GET to the hub's userinfo path, then served from its cache.
  const userinfo = hub.hits.filter((h) => h.path === "/oauth/userinfo");
  expect(userinfo).toEqual([{ method: "GET", path: "/oauth/userinfo" }]);
  await client.close();
});
