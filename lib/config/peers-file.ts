/**
 * The peers file (DESIGN §3): the parties to this service, each with the SHA-256 digests of its keys, whether it is
 * in the hub roster and whether it is granted coverage; and, held apart, the write allowlist, which no key implies.
 * Validated at start: any problem is one line naming PEERS_FILE, the path and the field.
 */
import { readFileSync } from "node:fs";

import type { EnvReader } from "./env.js";

/** A peer the institute trusts: its keys are listed in the peers file. */
export interface PeerParty {
  id: string;
  name: string;
  inHubRoster: boolean;
  coverage: boolean;
}

export interface PeersConfig {
  parties: readonly PeerParty[];
  /** Key digest (lowercase hex) to every party that lists it; two or more means the key is ambiguous. */
  digests: ReadonlyMap<string, readonly PeerParty[]>;
  /** Party ids named for write (spec §5.2 rule 4). Never consulted when a key is resolved. */
  writeAllowlist: ReadonlySet<string>;
}

export const NO_PEERS: PeersConfig = { parties: [], digests: new Map(), writeAllowlist: new Set() };

const DIGEST = /^[0-9a-f]{64}$/;
const PARTY_FIELDS = ["id", "name", "key_sha256", "in_hub_roster", "coverage"];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function parsePeers(text: string, problem: (detail: string) => Error): PeersConfig {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw problem(`is not valid JSON (${(e as Error).message})`);
  }
  if (!isObject(doc)) throw problem("must hold a JSON object {parties, write_allowlist}");
  for (const key of Object.keys(doc)) {
    if (key !== "parties" && key !== "write_allowlist")
      throw problem(`has an unknown field "${key}" (known: parties, write_allowlist)`);
  }
  if (!Array.isArray(doc.parties)) throw problem("parties must be an array");
  const parties: PeerParty[] = [];
  const digests = new Map<string, PeerParty[]>();
  doc.parties.forEach((entry: unknown, i: number) => {
    const at = `parties[${i}]`;
    if (!isObject(entry)) throw problem(`${at} must be an object`);
    const unknown = Object.keys(entry).find((k) => !PARTY_FIELDS.includes(k));
    if (unknown) throw problem(`${at} has an unknown field "${unknown}" (known: ${PARTY_FIELDS.join(", ")})`);
    const { id, name, key_sha256, in_hub_roster, coverage } = entry;
    if (typeof id !== "string" || id.trim() === "") throw problem(`${at}.id must be a non-empty string`);
    if (parties.some((p) => p.id === id)) throw problem(`${at}.id "${id}" is listed twice`);
    if (typeof name !== "string" || name.trim() === "") throw problem(`${at}.name must be a non-empty string`);
    if (typeof in_hub_roster !== "boolean") throw problem(`${at}.in_hub_roster must be true or false`);
    if (typeof coverage !== "boolean") throw problem(`${at}.coverage must be true or false`);
    if (!Array.isArray(key_sha256)) throw problem(`${at}.key_sha256 must be an array of SHA-256 hex digests`);
    const party: PeerParty = { id, name, inHubRoster: in_hub_roster, coverage };
    const own = new Set<string>();
    key_sha256.forEach((raw: unknown, k: number) => {
      const digest = typeof raw === "string" ? raw.toLowerCase() : "";
      if (!DIGEST.test(digest))
        throw problem(`${at}.key_sha256[${k}] must be 64 hex digits (a SHA-256 digest of the key, never the key)`);
      own.add(digest);
    });
    for (const digest of own) digests.set(digest, [...(digests.get(digest) ?? []), party]);
    parties.push(party);
  });
  const allow = doc.write_allowlist ?? [];
  if (!Array.isArray(allow) || allow.some((v) => typeof v !== "string"))
    throw problem("write_allowlist must be an array of party ids");
  for (const id of allow as string[]) {
    if (!parties.some((p) => p.id === id)) throw problem(`write_allowlist names "${id}", which is not a party`);
  }
  return { parties, digests, writeAllowlist: new Set(allow as string[]) };
}

export function readPeersFile(file: string, env: EnvReader): PeersConfig {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw env.fail(
      "PEERS_FILE",
      `${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  return parsePeers(text, (detail) => env.fail("PEERS_FILE", `${file}: ${detail}`));
}

/** Digests listed for more than one party: such a key is refused as ambiguous_key every time (spec §5.2 rule 3). */
export function ambiguousDigests(peers: PeersConfig): Array<{ digest: string; parties: string[] }> {
  return [...peers.digests]
    .filter(([, ps]) => ps.length > 1)
    .map(([digest, ps]) => ({ digest, parties: ps.map((p) => p.id) }));
}
