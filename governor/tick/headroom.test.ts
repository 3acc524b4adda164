/** Spec §8: the reserve binds exactly when the fleet is non-empty and its free slots are at or below the reserve. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeHeadroom } from "./headroom.js";
import { allocate } from "./allocate.js";

describe("computeHeadroom", () => {
  it.each([
    // enabled, nodes, free, queue → basis, reserve, binds, headroom
    [true, 3, 0, null, "free-slots", 1, true, 0],
    [true, 3, 1, null, "free-slots", 1, true, 0],
    [true, 3, 2, null, "free-slots", 1, false, 1],
    [true, 3, 9, null, "free-slots", 1, false, 8],
    [true, 0, 0, { depth: 5, cap: 20 }, "relay-queue", 0, false, 15],
    [true, 0, 0, { depth: 20, cap: 20 }, "relay-queue", 0, false, 0],
    [true, 0, 0, null, "relay-queue", 0, false, 0],
    [false, 3, 1, null, "kill-switch", 0, false, null],
    [false, 0, 0, null, "kill-switch", 0, false, null],
  ] as const)(
    "enabled=%s nodes=%s free=%s queue=%j → %s",
    (enabled, nodes, freeSlots, queue, basis, reserve, binds, headroom) => {
      expect(computeHeadroom(enabled, { nodes, freeSlots, queue })).toEqual({
        basis,
        reserve,
        reserveBinds: binds,
        headroom,
      });
    },
  );

  it("gives nothing when the fleet could not be read while enabled", () => {
    expect(computeHeadroom(true, null)).toEqual({
      basis: "fleet-unavailable",
      reserve: 0,
      reserveBinds: false,
      headroom: 0,
    });
  });

  it("binds iff enabled, non-empty fleet and free <= reserve (property)", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.nat(10), fc.nat(50), fc.nat(3), (enabled, nodes, freeSlots, reserve) => {
        const h = computeHeadroom(enabled, { nodes, freeSlots, queue: { depth: 0, cap: 10 } }, reserve);
        expect(h.reserveBinds).toBe(enabled && nodes > 0 && freeSlots <= reserve);
        if (enabled && nodes > 0) expect(h.headroom).toBe(Math.max(0, freeSlots - reserve));
        if (!enabled) expect([h.reserve, h.headroom]).toEqual([0, null]);
      }),
    );
  });
});

describe("allocate", () => {
  it("fills chain_tag first, then logic_extract, within 4/1/5", () => {
    expect(
      allocate({ headroom: null, submittedLastHour: 0, candidates: { chain_tag: 10, logic_extract: 10 } }).byKind,
    ).toEqual({ chain_tag: 4, logic_extract: 1 });
    expect(
      allocate({ headroom: 3, submittedLastHour: 0, candidates: { chain_tag: 10, logic_extract: 10 } }).byKind,
    ).toEqual({ chain_tag: 3, logic_extract: 0 });
    expect(
      allocate({ headroom: 5, submittedLastHour: 0, candidates: { chain_tag: 2, logic_extract: 10 } }).byKind,
    ).toEqual({ chain_tag: 2, logic_extract: 1 });
    expect(allocate({ headroom: 9, submittedLastHour: 57, candidates: { chain_tag: 10, logic_extract: 10 } })).toEqual({
      budget: 3,
      hourlyRoom: 3,
      byKind: { chain_tag: 3, logic_extract: 0 },
    });
    expect(
      allocate({ headroom: 9, submittedLastHour: 75, candidates: { chain_tag: 10, logic_extract: 10 } }).budget,
    ).toBe(0);
  });

  it("never exceeds any ceiling (property)", () => {
    fc.assert(
      fc.property(
        fc.option(fc.nat(20), { nil: null }),
        fc.nat(80),
        fc.nat(10),
        fc.nat(10),
        (headroom, submittedLastHour, chain, logic) => {
          const a = allocate({ headroom, submittedLastHour, candidates: { chain_tag: chain, logic_extract: logic } });
          const total = a.byKind.chain_tag + a.byKind.logic_extract;
          expect(a.byKind.chain_tag).toBeLessThanOrEqual(Math.min(4, chain));
          expect(a.byKind.logic_extract).toBeLessThanOrEqual(Math.min(1, logic));
          expect(total).toBeLessThanOrEqual(Math.min(5, Math.max(0, 60 - submittedLastHour), headroom ?? 5));
        },
      ),
    );
  });
});
