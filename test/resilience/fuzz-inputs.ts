/**
 * fast-check arbitraries for malformed HTTP input: path segments (percent-encoding, overlong, unicode, NUL),
 * query strings (repeated keys, arrays, huge numbers), headers (odd content types, huge values, bad Origin and Host,
 * malformed credentials) and bodies (invalid JSON, deep nesting, huge strings, wrong types, BOMs, other encodings).
 * Values are already in wire form: a segment or query value is placed in the URL as it is.
 */
import fc from "fast-check";

const pct = (s: string) => encodeURIComponent(s);

/** Text that stresses decoders: unicode, NUL and control characters, lone surrogates, RTL marks, emoji. */
export const nastyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\u0007\u001b[31m",
    "\u202eevil",
    "😀",
    "\ud800",
    "\udfff",
    "ﬀ",
    "İ",
    "\r\nX-Injected: 1",
    "../..",
    "%",
    "'; DROP TABLE x; --",
  ),
  fc.string({ unit: "binary", maxLength: 30 }),
);

/** One path segment as it goes on the wire. */
export const segment = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "a-alpha",
      "daily-editor",
      "2026-11-20",
      "2026-02-30",
      "9999-12-31",
      "0001-01-01",
      "1000-01-01",
      "2024-02-29",
      "topics.json",
      "00000000-0000-0000-0000-000000000000",
      "x",
      "0",
      "-1",
    ),
  },
  { weight: 3, arbitrary: nastyText.map((s) => pct(s.replace(/[\ud800-\udfff]/g, "?"))) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "%",
      "%z",
      "%zz",
      "%E0%A4",
      "%C0%AF",
      "%ED%A0%80",
      "%FF%FE",
      "%00",
      "%2e%2e",
      "%2F",
      "..",
      ".",
      "%20",
      "a%",
      "%%32%65",
      "%u0041",
    ),
  },
  { weight: 2, arbitrary: fc.integer({ min: 90, max: 6000 }).map((n) => "a".repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 2000 }).map((n) => "%E4%B8%AD".repeat(n)) },
  { weight: 1, arbitrary: fc.constant("") },
);

const numberish = fc.constantFrom(
  "0",
  "1",
  "-1",
  "1.5",
  "5",
  "50",
  "201",
  "1e309",
  "-1e309",
  "99999999999999999999999999",
  "NaN",
  "Infinity",
  "0x10",
  " 5",
  "5 ",
  "+5",
  "1_000",
  "00005",
  "5e0",
  "",
);

/** One query value as it goes on the wire. */
export const queryValue = fc.oneof(
  { weight: 3, arbitrary: numberish.map(pct) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        "en",
        "zh",
        "plain",
        "all",
        "candidate",
        "completed",
        "fresh",
        "1",
        "0",
        "true",
        "high",
        "whiteboard_card",
      )
      .map(pct),
  },
  { weight: 2, arbitrary: nastyText.map((s) => pct(s.replace(/[\ud800-\udfff]/g, "?"))) },
  { weight: 2, arbitrary: fc.constantFrom("%", "%zz", "%00", "%E0%A4", "a%2", "%FF") },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 20000 }).map((n) => "9".repeat(n)) },
);

/** A query string built from pairs: known parameter names (repeated), array and object forms, junk keys. */
export function queryString(known: string[]) {
  const key = fc.oneof(
    { weight: 4, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant("limit") },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ...known.map((k) => `${k}[]`),
        "limit[0]",
        "a[b][c]",
        "__proto__",
        "constructor",
        "__proto__[x]",
        "",
        "%zz",
        "%00",
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(pct) },
  );
  return fc
    .array(fc.tuple(key, fc.option(queryValue, { nil: undefined })), { maxLength: 6 })
    .map((pairs) => pairs.map(([k, v]) => (v === undefined ? k : `${k}=${v}`)).join("&"));
}

/** Header values are latin-1 on the wire: keep them printable so the client library sends them. */
const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

export const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "APPLICATION/JSON",
  "application/json;;;",
  "text/plain",
  "text/plain; charset=utf-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "application/xml",
  "application/jsonx",
  "application/json-patch+json",
  "*/*",
  "",
  "; charset=utf-8",
  'application/json; charset=""',
);

export interface HeaderChoices {
  /** Valid credentials to mix in; the fuzz draws from these most of the time. */
  goodKeys: string[];
}

export function headers(choices: HeaderChoices) {
  const apiKey = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...choices.goodKeys) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "sk_ins_",
        "sk_ins_nope",
        "x".repeat(300),
        `sk_ins_${"a".repeat(5000)}`,
        "sk_ins_\u00e9",
      ),
    },
    { weight: 1, arbitrary: printable },
  );
  const authorization = fc.constantFrom(
    "Bearer",
    "Bearer ",
    "Bearer  a b",
    "Basic dXNlcjpwYXNz",
    "bearer token",
    `Bearer ${"t".repeat(5000)}`,
    "Bearer sk_ins_x",
    "Negotiate",
    "Bearer ====",
    "Bearer a\tb",
  );
  return fc.record(
    {
      "x-api-key": apiKey,
      authorization,
      "content-type": contentType,
      origin: fc.constantFrom(
        "http://127.0.0.1:1",
        "http://localhost",
        "https://evil.example",
        "null",
        "garbage",
        "http://[::1]:9",
        "file://",
        "",
      ),
      host: fc.constantFrom(
        "localhost",
        "127.0.0.1:8080",
        "evil.example",
        "[::1]",
        "localhost:abc",
        "",
        "a".repeat(300),
        "localhost.evil.example",
      ),
      accept: fc.constantFrom("*/*", "text/html", "application/json;q=0", "text/event-stream", "garbage/", ""),
      "accept-encoding": fc.constantFrom("gzip, br", "identity;q=0", "*;q=0", "deflate", "x-unknown"),
      "if-none-match": fc.oneof(printable, fc.constantFrom("*", '"abc"', 'W/"x", "y"', ",,,", '"')),
      "if-modified-since": fc.oneof(
        printable,
        fc.constantFrom("Thu, 01 Jan 1970 00:00:00 GMT", "yesterday", "Sat, 31 Dec 9999 23:59:59 GMT", "-1"),
      ),
      "user-agent": fc.constantFrom("Python-urllib/3.12", "curl/8", "python-urllib/3.12", "Mozilla/5.0", ""),
      "x-request-id": fc.oneof(printable, fc.constant("r".repeat(10_000))),
      "mcp-protocol-version": fc.constantFrom("2025-06-18", "2025-03-26", "1999-01-01", "", "garbage"),
      "x-filler": fc.integer({ min: 10_000, max: 200_000 }).map((n) => "f".repeat(n)),
      range: fc.constantFrom("bytes=0-0", "bytes=-1", "garbage"),
      "content-encoding": fc.constantFrom("gzip", "br", "deflate", "identity", "gzip, gzip", "x-unknown"),
      "accept-charset": fc.constantFrom("utf-16", "iso-8859-1;q=0", "*;q=0"),
    },
    { requiredKeys: [] },
  );
}

/** Headers that usually carry a good key (so the request reaches validation and the route), sometimes not. */
export function requestHeaders(choices: HeaderChoices) {
  return fc
    .tuple(fc.integer({ min: 0, max: 9 }), fc.constantFrom(...choices.goodKeys), headers(choices))
    .map(([n, key, h]) => {
      const out: Record<string, string> = { ...h };
      if (n < 6) out["x-api-key"] = key;
      if (n < 8) delete out["user-agent"];
      if (n < 8) delete out["x-filler"];
      return out;
    });
}

const deep = (n: number, open: string, close: string, inner = "1") => open.repeat(n) + inner + close.repeat(n);

/** A request body as raw bytes or text. */
export const body = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc
      .record(
        { query: nastyText, top_k: fc.option(fc.integer({ min: -5, max: 30 }), { nil: undefined }) },
        { requiredKeys: ["query"] },
      )
      .map((o) => JSON.stringify(o)),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "{",
      '{"query":',
      "nul",
      "[1,",
      '"unterminated',
      "{'query':'x'}",
      '{"query":"x",}',
      "",
      " ",
      "\u0000",
      '{"query":"\\ud800"}',
      '{"query":"\\u0000"}',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 200_000 }).map((n) => deep(n, "[", "]")) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 50_000 }).map((n) => `{"query":${deep(n, '{"a":', "}")}}`) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 400, max: 2_000_000 }).map((n) => JSON.stringify({ query: "q".repeat(n) })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '{"query":1}',
      '{"query":null}',
      "[]",
      '"string"',
      "123",
      "true",
      "null",
      '{"query":"a","top_k":"5"}',
      '{"query":"a","top_k":1e308}',
      '{"query":"a","top_k":1.5}',
      '{"query":"a","top_k":-0}',
      '{"query":["a"]}',
      '{"query":{"$gt":""}}',
      '{"query":"a","analyst_id":"\\u0000"}',
      '{"query":"a","session_id":7}',
      '{"query":"a","extra":true}',
      '{"__proto__":{"polluted":1},"query":"a"}',
      '{"constructor":{"prototype":{"polluted":1}},"query":"a"}',
      '{"query":"a","query":"b"}',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('\uFEFF{"query":"bom"}', "\uFEFF\uFEFF{}", "\uFEFF") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      Buffer.from('{"query":"utf16"}', "utf16le"),
      Buffer.from([0xff, 0xfe, 0x7b, 0x00]),
      Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]),
      Buffer.from('{"query":"caf\xe9"}', "latin1"),
    ),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)) },
);

export const otherMethod = fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS");
