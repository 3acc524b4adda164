import { describe, expect, it } from "vitest";
import { createProgress } from "./progress.js";

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (s: string) => written.push(s) };
}

describe("import and export progress", () => {
  it("on a terminal, redraws one line per kind in place with rows and rate, then ends it", () => {
    let t = 0;
    const out = stream(true);
    const p = createProgress(out, "imported", () => t);
    p.start("nav-snapshots");
    t = 50;
    p.add("nav-snapshots", 1000); // within the redraw interval: not drawn
    t = 500;
    p.add("nav-snapshots", 1000);
    t = 1000;
    p.done("nav-snapshots", "2,000 rows new or changed");
    expect(out.written).toEqual([
      "\r\x1b[Kimported nav-snapshots: 0 lines, 0 lines/s",
      "\r\x1b[Kimported nav-snapshots: 2,000 lines, 4,000 lines/s",
      "\r\x1b[Kimported nav-snapshots: 2,000 lines, 2,000 lines/s (2,000 rows new or changed)\n",
    ]);
  });

  it("elsewhere, writes one plain line per kind when it is done", () => {
    let t = 0;
    const out = stream(false);
    const p = createProgress(out, "exported", () => t);
    p.start("analysts");
    p.add("analysts", 30);
    t = 500;
    p.done("analysts");
    expect(out.written).toEqual(["exported analysts: 30 lines, 60 lines/s\n"]);
  });
});
