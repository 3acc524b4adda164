/** RFC 4180 CSV of rows: quoting, doubled quotes, line breaks inside a field, nulls, numbers and nested values. */
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.js";

describe("toCsv", () => {
  it("writes a header row and one CRLF-terminated record per row, quoting only where RFC 4180 needs it", () => {
    const rows = [
      { id: "a", topic: "Copper, supply", score: 0.5, done: true },
      { id: "b", topic: 'The "squeeze"', score: -2, done: false },
      { id: "c", topic: "two\r\nlines", score: null, done: null },
      { id: " d", topic: "", score: 1e21, done: false },
    ];
    expect(toCsv(["id", "topic", "score", "done"], rows)).toBe(
      "id,topic,score,done\r\n" +
        'a,"Copper, supply",0.5,true\r\n' +
        'b,"The ""squeeze""",-2,false\r\n' +
        'c,"two\r\nlines",,\r\n' +
        '" d",,1e+21,false\r\n',
    );
  });

  it("puts a nested list or object in one field as its JSON, and a missing member as an empty field", () => {
    const rows = [{ id: "x", cards: [{ card_id: "c1" }], category: { id: "eq", name: null } }];
    expect(toCsv(["id", "cards", "category", "absent"], rows)).toBe(
      'id,cards,category,absent\r\nx,"[{""card_id"":""c1""}]","{""id"":""eq"",""name"":null}",\r\n',
    );
  });

  it("writes only the header for no rows", () => {
    expect(toCsv(["a", "b"], [])).toBe("a,b\r\n");
  });
});
