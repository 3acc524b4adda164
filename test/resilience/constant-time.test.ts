/**
 * Comparisons of secrets are constant time, so timing the answers tells a caller nothing about a key, token or
 * signature. Checked as a lint over the product's sources: signatures, MACs and the operator token are compared with
 * crypto.timingSafeEqual; keys and tokens are never compared at all, only their SHA-256 digests looked up (a database
 * index, a Map); and no `===`, `!==`, `==`, `!=`, `.equals(` or `Buffer.compare` touches a value named like a secret,
 * signature, token, digest or MAC, except the few listed below with the reason they are safe.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SOURCES = ["gateway", "lib", "services", "governor"];

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith(".ts") && !p.endsWith(".test.ts") && !p.endsWith(".d.ts")) files.push(p);
    }
  };
  for (const dir of SOURCES) walk(path.join(ROOT, dir));
  return files;
}

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

const SECRETISH =
  /(secret|signature|hmac|passw|token|api_?key|rawkey|digest|credential|\bmac\b|\btag\b|expected|given|presented)/i;
const OPERAND = String.raw`[A-Za-z_$][\w$]*(?:(?:\?\.|\.)[A-Za-z_$][\w$]*|\[[^\]]*\]|\([^()]*\))*`;
const VALUE = `${OPERAND}|"[^"]*"|'[^']*'|\`[^\`]*\`|\\d+`;
const COMPARISON = new RegExp(`(${VALUE})\\s*(?:===|!==|==|!=)\\s*(${VALUE})`, "g");
const EQUALS = /([\w$.]+)\.equals\(|Buffer\.compare\(/g;
// Comparing with a literal, a length, a kind or a type says nothing about a secret's content.
const literal = (s: string) => /^(["'`].*["'`]|\d+|undefined|null|true|false)$/.test(s);
const shape = (s: string) => /(\.length|\.size|\.kind|\.status|\.code|\.type|\.via|\.name)$/.test(s);

/** Found and judged safe: `file: comparison` with the reason. */
const ALLOWED: Record<string, string> = {
  'gateway/mcp/tools/keyset-pager.ts: given.toString("base64url") !== tag':
    "the caller's own tag against its canonical spelling (no secret on either side); the MAC itself is compared with timingSafeEqual next",
  "lib/vector/live-index.ts: count === expected": "vector counts, not a secret",
  "lib/keyword/live-text-index.ts: count === expected": "document counts, not a secret",
  "lib/keyword/tokenize.ts: folded === token.term":
    "a word of a search query against its case-folded form: a text token, not a credential",
};

describe("comparisons of secrets", () => {
  it("never use ===, ==, .equals or Buffer.compare on a secret, signature, token, digest or MAC", () => {
    const found: string[] = [];
    for (const file of sourceFiles()) {
      const relative = path.relative(ROOT, file);
      for (const line of readFileSync(file, "utf8").split("\n")) {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue;
        for (const [text, a, b] of line.matchAll(COMPARISON)) {
          if (!SECRETISH.test(a!) && !SECRETISH.test(b!)) continue;
          if (literal(a!) || literal(b!) || shape(a!) || shape(b!)) continue;
          found.push(`${relative}: ${text}`);
        }
        for (const [text, subject] of line.matchAll(EQUALS))
          if (!subject || SECRETISH.test(subject)) found.push(`${relative}: ${text}`);
      }
    }
    expect(found.filter((f) => !(f in ALLOWED))).toEqual([]);
  });

  it.each([
    ["lib/relay/signature.ts", "relay signatures (HMAC-SHA256 of the body)"],
    ["admin/api/operator-token.ts", "the operator token's digest"],
    ["admin/console/session/session-store.ts", "the console's CSRF tokens"],
    ["lib/cursor/cursor-signer.ts", "cursor MACs (the change feed's, the keyset tools', the fact-card list's)"],
  ])("%s compares %s with crypto.timingSafeEqual", (file) => {
    expect(read(file)).toMatch(/import \{[^}]*timingSafeEqual[^}]*\} from "node:crypto"/);
    expect(read(file)).toMatch(/timingSafeEqual\(/);
  });

  it("looks keys and tokens up by their SHA-256 digest, never by the secret", () => {
    const apiKeys = read("gateway/auth/api-keys.ts");
    expect(apiKeys).toMatch(/const digest = sha256Hex\(rawKey\)/);
    expect(apiKeys).toMatch(/WHERE key_sha256 = \$1/);
    expect(apiKeys).not.toMatch(/cache\.(get|set|has)\(rawKey/);
    expect(read("gateway/auth/peer-keys.ts")).toMatch(/digests\.get\(sha256Hex\(rawKey\)\)/);
    const oauth = read("gateway/auth/oauth-tokens.ts");
    expect(oauth).toMatch(/const digest = sha256Hex\(token\)/);
    expect(oauth).not.toMatch(/(cache|inFlight)\.(get|set|has)\(token/);
  });
});
