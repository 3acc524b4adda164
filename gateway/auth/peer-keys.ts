/**
 * Resolves a peer key by its SHA-256 digest (the key itself is never stored or compared). A digest listed for two
 * parties is ambiguous: refused every time, never resolved to either party (spec §5.2 rule 3, §7.2 rule 4); the
 * parties' other keys are unaffected. The write allowlist is not consulted: a key grants read only (rule 4).
 */
import { sha256Hex } from "./api-keys.js";
import type { PeersConfig } from "../../lib/config/peers-file.js";
import type { PeerPrincipal } from "./principal.js";

export type PeerKeyOutcome = { principal: PeerPrincipal } | { ambiguous: true } | undefined;

export interface PeerKeyResolver {
  resolve(rawKey: string): PeerKeyOutcome;
}

const MAX_KEY_LENGTH = 4096;

export function createPeerKeyResolver(peers: PeersConfig): PeerKeyResolver {
  return {
    resolve(rawKey) {
      if (rawKey.length === 0 || rawKey.length > MAX_KEY_LENGTH || peers.digests.size === 0) return undefined;
      const parties = peers.digests.get(sha256Hex(rawKey));
      if (!parties) return undefined;
      if (parties.length > 1) return { ambiguous: true };
      return { principal: { kind: "peer", party: parties[0]! } };
    },
  };
}
