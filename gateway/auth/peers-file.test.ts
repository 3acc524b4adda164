import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config/config.js";
import { writePeersFile } from "../../test/mcp/harness.js";
import { createPeerKeyResolver } from "./peer-keys.js";
import { ambiguousDigests, parsePeers } from "../../lib/config/peers-file.js";

const digest = (s: string) => createHash("sha256").update(s).digest("hex");
const party = (id: string, keys: string[], extra: object = {}) => ({
  id,
  name: id,
  key_sha256: keys.map(digest),
  in_hub_roster: true,
  coverage: false,
  ...extra,
});
const parse = (doc: unknown) => parsePeers(JSON.stringify(doc), (detail) => new Error(detail));

describe("the peers file", () => {
  it.each([
    ["{", /^is not valid JSON/],
    [[], "must hold a JSON object {parties, write_allowlist}"],
    [{ parties: {} }, "parties must be an array"],
    [{ parties: [], extra: 1 }, 'has an unknown field "extra" (known: parties, write_allowlist)'],
    [{ parties: [{ ...party("a", []), id: "" }] }, "parties[0].id must be a non-empty string"],
    [{ parties: [party("a", []), party("a", [])] }, 'parties[1].id "a" is listed twice'],
    [{ parties: [{ ...party("a", []), coverage: "yes" }] }, "parties[0].coverage must be true or false"],
    [{ parties: [{ ...party("a", []), in_hub_roster: 1 }] }, "parties[0].in_hub_roster must be true or false"],
    [
      { parties: [{ ...party("a", []), key_sha256: ["sk_live_raw_key"] }] },
      "parties[0].key_sha256[0] must be 64 hex digits (a SHA-256 digest of the key, never the key)",
    ],
    [
      { parties: [{ ...party("a", []), keys: [] }] },
      'parties[0] has an unknown field "keys" (known: id, name, key_sha256, in_hub_roster, coverage)',
    ],
    [{ parties: [party("a", [])], write_allowlist: ["b"] }, 'write_allowlist names "b", which is not a party'],
  ])("refuses %j with one line", (doc, message) => {
    expect(() => (typeof doc === "string" ? parsePeers(doc, (d) => new Error(d)) : parse(doc))).toThrow(message);
  });

  it("stops start-up with one line naming PEERS_FILE and the path", () => {
    expect(() => loadConfig({ PEERS_FILE: "/nonexistent/peers.json" })).toThrow(
      "configuration: PEERS_FILE /nonexistent/peers.json: cannot be read (ENOENT)",
    );
    const bad = writePeersFile([]);
    try {
      writeFileSync(bad.file, '{"parties": [{"id": 1}]}');
      expect(() => loadConfig({ PEERS_FILE: bad.file })).toThrow(
        `configuration: PEERS_FILE ${bad.file}: parties[0].id must be a non-empty string`,
      );
    } finally {
      bad.remove();
    }
  });

  it("accepts upper-case digests, and keeps the write allowlist apart from every key", () => {
    const peers = parse({
      parties: [{ ...party("w", []), key_sha256: [digest("k-w").toUpperCase()] }],
      write_allowlist: ["w"],
    });
    expect(peers.writeAllowlist).toEqual(new Set(["w"]));
    const resolved = createPeerKeyResolver(peers).resolve("k-w");
    expect(resolved).toEqual({
      principal: { kind: "peer", party: { id: "w", name: "w", inHubRoster: true, coverage: false } },
    });
  });

  it("marks a digest listed for two parties as ambiguous, and leaves the parties' other keys alone", () => {
    const peers = parse({
      parties: [party("a", ["shared", "only-a"]), party("b", ["shared", "only-b"]), party("c", ["only-c", "only-c"])],
    });
    expect(ambiguousDigests(peers)).toEqual([{ digest: digest("shared"), parties: ["a", "b"] }]);
    const keys = createPeerKeyResolver(peers);
    for (let i = 0; i < 3; i++) expect(keys.resolve("shared")).toEqual({ ambiguous: true });
    expect(keys.resolve("only-a")).toMatchObject({ principal: { party: { id: "a" } } });
    expect(keys.resolve("only-b")).toMatchObject({ principal: { party: { id: "b" } } });
    expect(keys.resolve("only-c")).toMatchObject({ principal: { party: { id: "c" } } });
    expect(keys.resolve("unknown")).toBeUndefined();
  });
});
