/**
 * POST /relay/callback (spec §6). Public (no API key) but authenticated by the relay's signature over the raw body,
 * so this scope replaces the JSON parser with one that keeps the exact bytes. In order: body over 1 MiB 413; missing
 * or wrong signature 401 (nothing recorded); no delivery id or an unreadable body 400; unknown event type 400; then
 * the callback is made durable (the inbox) and only then answered 200. A redelivery is 200 and kept once; a callback
 * for a task we do not track is 200 and nothing is kept. Every answer is counted by outcome when a tally is given.
 */
import type { FastifyInstance } from "fastify";
import { sendError } from "../http/errors.js";
import type { CallbackInbox } from "../../lib/relay/callback-inbox.js";
import type { CallbackTally } from "../../lib/relay/callback-tally.js";
import { readCallbackEvent } from "../../lib/relay/callback-event.js";
import { checkSignature } from "../../lib/relay/signature.js";

export const CALLBACK_PATH = "/relay/callback";
export const CALLBACK_BODY_LIMIT = 1024 * 1024;

export interface RelayCallbackOptions {
  inbox: CallbackInbox;
  /** RELAY_NAME: the headers are X-<name>-Signature and X-<name>-Delivery. */
  relayName: string;
  signingSecret: string;
  now?: () => number;
  /** Counts every answer by outcome for the operator (governor/callbacks/callback-tally.ts). */
  tally?: CallbackTally;
}

export async function relayCallbackRoutes(app: FastifyInstance, opts: RelayCallbackOptions) {
  const now = opts.now ?? Date.now;
  const signatureHeader = `x-${opts.relayName.toLowerCase()}-signature`;
  const deliveryHeader = `x-${opts.relayName.toLowerCase()}-delivery`;
  const shown = (h: string) => h.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());

  // Scoped to this plugin: every content type arrives as the exact bytes sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: CALLBACK_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  // Refusals are counted as answered (a 413 never reaches the handler); a 200 is counted with the inbox's outcome.
  const tally = opts.tally;
  if (tally)
    app.addHook("onResponse", async (request, reply) => {
      const status = reply.statusCode;
      if (request.routeOptions.url !== CALLBACK_PATH || status < 400) return;
      tally.count(
        status === 401
          ? "refused-signature"
          : status === 413
            ? "refused-too-large"
            : status >= 500
              ? "error"
              : "refused-request",
      );
    });

  // Not rate limited: the relay's signature authenticates it, and a throttled callback would be redelivered anyway.
  app.post(
    CALLBACK_PATH,
    { config: { public: true, rateLimit: false }, bodyLimit: CALLBACK_BODY_LIMIT },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const check = checkSignature(opts.signingSecret, raw, request.headers[signatureHeader]);
      // RFC 9110: a 401 names how to authenticate; here, an HMAC-SHA256 signature of the body in this header.
      if (check !== "ok")
        reply.header("www-authenticate", `Signature realm="relay-callback", header="${shown(signatureHeader)}"`);
      if (check === "missing") return sendError(reply, 401, `missing ${shown(signatureHeader)} header`);
      if (check !== "ok")
        return sendError(
          reply,
          401,
          `invalid ${shown(signatureHeader)}: expected sha256=<hex HMAC-SHA256 of the body>`,
        );

      const deliveryId = request.headers[deliveryHeader];
      if (typeof deliveryId !== "string" || deliveryId === "" || deliveryId.length > 200) {
        return sendError(reply, 400, `missing ${shown(deliveryHeader)} header (1 to 200 characters)`);
      }
      const text = raw.toString("utf8");
      const event = readCallbackEvent(text);
      if (!event.ok) return sendError(reply, 400, event.error);

      const outcome = await opts.inbox.record({
        deliveryId,
        eventType: event.eventType,
        clientRef: event.clientRef,
        relayTaskId: event.relayTaskId,
        body: text,
        receivedAt: now(),
      });
      tally?.count(outcome);
      request.log.info(
        { deliveryId, eventType: event.eventType, clientRef: event.clientRef, outcome },
        "relay callback",
      );
      return reply.code(200).send({ received: true, delivery_id: deliveryId, outcome });
    },
  );
}
