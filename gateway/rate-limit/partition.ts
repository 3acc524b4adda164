/**
 * Whom a request is counted against: the credential it was authenticated with (an institute key by its id, a peer
 * key by its party, an OAuth identity by its subject), or, on the public routes, the client address. IPv6 clients are
 * counted per /64, since one host is usually handed a whole /64 and could otherwise take a fresh address per request.
 */
import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import type { RateLimitKind } from "../../lib/config/access.js";
import type { Principal } from "../auth/principal.js";

export interface Partition {
  kind: RateLimitKind;
  /** The bucket's key in auth.rate_limits: `<kind>:<id>`, at most 200 characters, never a secret. */
  bucket: string;
}

const digest = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);

/** The first four groups of an IPv6 address (its /64), expanded; IPv4 and IPv4-mapped addresses stay whole. */
export function addressPrefix(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export function partitionOf(principal: Principal | null, clientAddress: string): Partition {
  if (principal === null) return { kind: "anonymous", bucket: `ip:${addressPrefix(clientAddress).slice(0, 100)}` };
  switch (principal.kind) {
    case "api_key":
      return { kind: "api_key", bucket: `key:${principal.keyId}` };
    case "peer":
      return { kind: "peer", bucket: `peer:${digest(principal.party.id)}` };
    case "oauth":
      return { kind: "oauth", bucket: `oauth:${digest(principal.subject)}` };
  }
}
