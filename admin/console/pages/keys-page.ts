/**
 * Keys: the list (scopes, created, expires, state, last use and requests from the usage counts, rotation lineage), a
 * mint form with the real scope list, revoke and rotate. A minted or rotated key is shown once, on the page the form
 * posts to (never a redirect, never in a URL), with a copy button. Each action writes its audit row with the change,
 * in one transaction where the key code allows it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ALL_SCOPES, FEED_SCOPE } from "../../../lib/scopes.js";
import {
  findKey,
  KeyAdminError,
  keyState,
  listKeys,
  type KeyRow,
  type MintedKey,
} from "../../../gateway/auth/key-admin.js";
import { parseExpiry } from "../../../gateway/auth/key-expiry.js";
import { DEFAULT_OVERLAP_MS } from "../../../gateway/auth/key-rotation.js";
import { mintAudited, revokeAudited, rotateAudited } from "../../audited-keys.js";
import type { ConsoleDeps } from "../console-deps.js";
import { html, when, type Html } from "../html.js";
import { csrfField, page } from "../layout.js";
import { actorOf } from "../operator-action.js";
import { keyActivity, type CredentialActivity } from "../../../lib/usage/index.js";

const SCOPE_CHOICES = [...ALL_SCOPES, FEED_SCOPE];
const text = (v: unknown) => (typeof v === "string" ? v : "");
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : []);

function lineage(k: KeyRow, successorOf: Map<string, string>): Html {
  const parts: Html[] = [];
  if (k.rotated_from) parts.push(html`from <code>${k.rotated_from}</code>`);
  const next = successorOf.get(k.key_id);
  if (next) parts.push(html`to <code>${next}</code>`);
  return parts.length ? html`${parts.map((p, i) => html`${i ? html`<br />` : ""}${p}`)}` : html`—`;
}

function keyTable(keys: KeyRow[], usage: Map<string, CredentialActivity>, now: number, csrf: Html): Html {
  const successorOf = new Map(keys.filter((k) => k.rotated_from).map((k) => [k.rotated_from!, k.key_id]));
  const rows = [...keys].reverse().map((k) => {
    const state = keyState(k, now);
    const u = usage.get(`key:${k.key_id}`);
    const counts = html`<td>${when(u?.lastUsedAt ?? null)}</td>
      <td class="num">${u?.requests24h ?? 0}</td>
      <td class="num">${u?.requests7d ?? 0}</td>`;
    const actions =
      state === "active"
        ? html`<form class="inline" method="post" action="/keys/${k.key_id}/rotate">
              ${csrf}
              <input
                type="number"
                name="overlap_hours"
                value="${DEFAULT_OVERLAP_MS / 3_600_000}"
                min="0"
                max="8760"
                aria-label="overlap in hours"
              />
              h <button class="secondary" type="submit">Rotate</button>
            </form>
            <form class="inline" method="post" action="/keys/${k.key_id}/revoke">
              ${csrf}<button class="danger" type="submit">Revoke</button>
            </form>`
        : html``;
    return html`<tr data-key-id="${k.key_id}">
      <td><code>${k.key_id}</code></td>
      <td>${k.name}</td>
      <td>${k.scopes.join(", ")}</td>
      <td>${when(k.created_at)}</td>
      <td>${when(k.expires_at)}</td>
      <td class="${state === "active" ? "ok" : "bad"}">${state}</td>
      ${counts}
      <td>${lineage(k, successorOf)}</td>
      <td>${actions}</td>
    </tr>`;
  });
  return html`<table>
    <thead>
      <tr>
        <th>Key</th>
        <th>Name</th>
        <th>Scopes</th>
        <th>Created</th>
        <th>Expires</th>
        <th>State</th>
        <th>Last used</th>
        <th class="num">Requests 24 h</th>
        <th class="num">Requests 7 d</th>
        <th>Rotation</th>
        <th></th>
      </tr>
    </thead>
    <tbody>
      ${
        rows.length
          ? rows
          : html`<tr>
              <td colspan="11" class="muted">No keys yet.</td>
            </tr>`
      }
    </tbody>
  </table>`;
}

function mintForm(csrf: Html, values: { name?: string; scopes?: string[]; expires?: string } = {}): Html {
  const checks = SCOPE_CHOICES.map(
    (s) =>
      html`<label
        ><input type="checkbox" name="scopes" value="${s}" ${values.scopes?.includes(s) ? html` checked` : ""} />
        ${s}</label
      >`,
  );
  return html`<form method="post" action="/keys" id="mint">
    ${csrf} <label for="name">Name</label
    ><input type="text" id="name" name="name" maxlength="200" required value="${values.name ?? ""}" />
    <fieldset>
      <legend>Scopes (every scope is read-only; ${FEED_SCOPE} is held alone)</legend>
      ${checks}
    </fieldset>
    <label for="expires">Expires</label
    ><input
      type="text"
      id="expires"
      name="expires"
      value="${values.expires ?? "90d"}"
      placeholder="90d, 2027-01-01, or empty for never"
    />
    <p><button type="submit">Mint key</button></p>
  </form>`;
}

function shownOnce(k: MintedKey, extra: Html): Html {
  return html`<section class="card">
    <p>
      ${extra}This key is shown <strong>once</strong>: copy it now. Only its SHA-256 is stored; it cannot be shown
      again.
    </p>
    <p>
      <code class="secret" id="new-key">${k.key}</code> <button type="button" data-copy="new-key" hidden>Copy</button>
    </p>
    <p>Key <code>${k.keyId}</code> · ${k.name} · ${k.scopes.join(", ")} · expires ${when(k.expiresAt)}</p>
    <p><a href="/keys">Back to the keys</a></p>
  </section>`;
}

export async function keyRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const { owner, now } = deps;

  async function listPage(request: FastifyRequest, reply: FastifyReply, status = 200, problem?: string, form = {}) {
    const session = request.consoleSession!;
    const at = now();
    const keys = await listKeys(owner);
    // Last use and requests come from the usage counts (lib/usage), at most USAGE_FLUSH_MS behind.
    const usage = new Map((await keyActivity(owner, at)).map((a) => [a.credential, a]));
    const csrf = csrfField(session);
    const body = html`${problem ? html`<p class="error">${problem}</p>` : ""}
      <h2>Mint a key</h2>
      ${mintForm(csrf, form)}
      <h2>Institute keys</h2>
      ${keyTable(keys, usage, at, csrf)}`;
    return reply
      .code(status)
      .type("text/html; charset=utf-8")
      .send(page(session, "/keys", "Keys", body).text);
  }

  app.get("/keys", (request, reply) => listPage(request, reply));

  app.post("/keys", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const form = { name: text(body.name), scopes: list(body.scopes), expires: text(body.expires) };
    const at = now();
    const who = actorOf(request);
    try {
      const expiresAt = form.expires.trim() === "" ? null : parseExpiry(form.expires.trim(), at);
      const key = await mintAudited(owner, { name: form.name, scopes: form.scopes, expiresAt }, who, at);
      request.log.info({ admin: "mint", key_id: key.keyId, name: key.name }, "console: key minted");
      const session = request.consoleSession!;
      return reply
        .type("text/html; charset=utf-8")
        .send(page(session, "/keys", "Key minted", shownOnce(key, html``)).text);
    } catch (e) {
      if (e instanceof KeyAdminError) return listPage(request, reply, 400, `Not minted: ${e.message}`, form);
      throw e;
    }
  });

  app.post("/keys/:keyId/revoke", async (request, reply) => {
    const { keyId } = request.params as { keyId: string };
    const at = now();
    if (!(await findKey(owner, keyId))) return listPage(request, reply, 404, `No key ${keyId}.`);
    await revokeAudited(owner, keyId, actorOf(request), at);
    request.log.info({ admin: "revoke", key_id: keyId }, "console: key revoked");
    return reply.redirect("/keys", 303);
  });

  app.post("/keys/:keyId/rotate", async (request, reply) => {
    const { keyId } = request.params as { keyId: string };
    const hours = Number(text((request.body as Record<string, unknown> | undefined)?.overlap_hours) || "24");
    const at = now();
    if (!Number.isFinite(hours) || hours < 0)
      return listPage(request, reply, 400, "Not rotated: the overlap must be a number of hours, 0 or more.");
    try {
      const { successor, previous } = await rotateAudited(
        owner,
        { keyId, overlapMs: Math.round(hours * 3_600_000) },
        actorOf(request),
        at,
      );
      request.log.info({ admin: "rotate", key_id: successor.keyId, rotated_from: keyId }, "console: key rotated");
      const note = html`Key <code>${previous.keyId}</code> keeps working until ${when(previous.expiresAt)}. `;
      const session = request.consoleSession!;
      return reply
        .type("text/html; charset=utf-8")
        .send(page(session, "/keys", "Key rotated", shownOnce(successor, note)).text);
    } catch (e) {
      if (e instanceof KeyAdminError)
        return listPage(
          request,
          reply,
          e.kind === "not_found" ? 404 : e.kind === "conflict" ? 409 : 400,
          `Not rotated: ${e.message}`,
        );
      throw e;
    }
  });
}
