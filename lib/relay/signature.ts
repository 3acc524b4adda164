/**
 * Spec §6: `X-<Relay>-Signature: sha256=<hex>`, the hex HMAC-SHA256 of the exact body bytes under the shared secret.
 * The relay (and its simulator) signs with signatureOf; the gateway checks with checkSignature, in constant time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type SignatureCheck = "ok" | "missing" | "malformed" | "mismatch";

const FORM = /^sha256=([0-9a-f]{64})$/i;

export function checkSignature(secret: string, rawBody: Buffer, header: string | string[] | undefined): SignatureCheck {
  if (header === undefined || header === "") return "missing";
  if (Array.isArray(header)) return "malformed";
  const m = FORM.exec(header.trim());
  if (!m) return "malformed";
  const given = Buffer.from(m[1]!, "hex");
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  // Both are 32 bytes by construction; timingSafeEqual needs equal lengths and compares without early exit.
  return given.length === expected.length && timingSafeEqual(given, expected) ? "ok" : "mismatch";
}

export const signatureOf = (secret: string, body: string | Buffer) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
