/**
 * The identity hub for tests: a real OAuth 2.0 authorization server (oidc-provider) on a loopback port, with what
 * spec §5.2 rule 2 names: metadata at /.well-known/oauth-authorization-server, dynamic client registration at
 * /oauth/register, /oauth/authorize and /oauth/token with PKCE S256, and the userinfo endpoint at /oauth/userinfo
 * that the gateway resolves tokens with. Its login and consent interaction consents automatically, as `subject`.
 */
import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { TOOL_SCOPES } from "../../lib/scopes.js";

export interface IdentityHub {
  issuer: string;
  /** Requests received, by path (the gateway's userinfo calls among them). */
  hits: Array<{ method: string; path: string }>;
  close(): Promise<void>;
}

const INTERACTION = /^\/interaction\/([\w-]+)$/;

export async function startIdentityHub(options: { subject?: string } = {}): Promise<IdentityHub> {
  const subject = options.subject ?? "analyst-7";
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    clients: [],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "hub-1", use: "sig", alg: "RS256" }] },
    cookies: { keys: ["identity-hub-test-cookie-key"] },
    routes: {
      authorization: "/oauth/authorize",
      token: "/oauth/token",
      registration: "/oauth/register",
      userinfo: "/oauth/userinfo",
      jwks: "/oauth/jwks",
    },
    scopes: ["openid", ...TOOL_SCOPES],
    claims: { openid: ["sub"] },
    features: {
      registration: { enabled: true },
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      resourceIndicators: { enabled: false },
    },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    responseTypes: ["code"],
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => ({ accountId: sub, claims: async () => ({ sub }) }),
    renderError: async (ctx: { type: string; body: unknown }, out: unknown) => {
      ctx.type = "json";
      ctx.body = out;
    },
  });
  provider.proxy = false;

  async function interact(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "login") {
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: subject } },
        { mergeWithLastSubmission: false },
      );
    }
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
    const missing = details.prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  const hits: IdentityHub["hits"] = [];
  const callback = provider.callback();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0]!;
    hits.push({ method: req.method ?? "", path });
    if (INTERACTION.test(path)) {
      interact(req, res).catch((e: Error) => res.writeHead(500, { "content-type": "text/plain" }).end(e.message));
      return;
    }
    // RFC 8414 metadata: the same document as the OpenID discovery one.
    if (path === "/.well-known/oauth-authorization-server") req.url = "/.well-known/openid-configuration";
    callback(req, res);
  });

  return {
    issuer,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
