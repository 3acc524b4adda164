/** JSON Schemas of the admin key routes' payloads and answers (docs/access-control.md). */
import { NAME_MAX } from "../../gateway/auth/key-admin.js";
import { MAX_OVERLAP_MS } from "../../gateway/auth/key-rotation.js";

const nullableInteger = { type: ["integer", "null"] } as const;
const scopes = { type: "array", items: { type: "string", maxLength: 64 }, minItems: 1, maxItems: 32 } as const;
/** Checked by the handler: epoch milliseconds, a date/instant/duration string, or null. */
const expiresAt = {
  description: "epoch milliseconds, 2027-01-01, 2027-01-01T00:00:00Z, a duration such as 30d, or null",
} as const;

export const mintBodySchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "scopes"],
  properties: { name: { type: "string", minLength: 1, maxLength: NAME_MAX }, scopes, expires_at: expiresAt },
} as const;

export const rotateBodySchema = {
  type: ["object", "null"],
  additionalProperties: false,
  properties: {
    overlap_seconds: { type: "integer", minimum: 0, maximum: MAX_OVERLAP_MS / 1000 },
    expires_at: expiresAt,
  },
} as const;

const keyFields = {
  key_id: { type: "string" },
  name: { type: "string" },
  scopes: { type: "array", items: { type: "string" } },
  created_at: { type: "integer" },
  expires_at: nullableInteger,
  rotated_from: { type: ["string", "null"] },
} as const;

export const mintedSchema = {
  type: "object",
  required: ["key_id", "key", "name", "scopes", "created_at", "expires_at", "rotated_from"],
  properties: {
    ...keyFields,
    key: { type: "string" },
    previous: { type: "object", properties: { key_id: { type: "string" }, expires_at: { type: "integer" } } },
  },
} as const;

export const keyViewSchema = {
  type: "object",
  required: ["key_id", "name", "scopes", "created_at", "expires_at", "revoked_at", "rotated_from", "state"],
  properties: {
    ...keyFields,
    revoked_at: nullableInteger,
    state: { type: "string", enum: ["active", "expired", "revoked"] },
  },
} as const;
