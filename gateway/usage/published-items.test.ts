/** Each published item is named the same whichever way it was read: REST route, tool call or resource URI. */
import { describe, expect, it } from "vitest";
import { itemOfResource, itemOfTool, routeItemReader } from "./published-items.js";

describe("published items", () => {
  it("names a daily, a weekly, a card report and a thread alike on REST, as a tool and as a resource", () => {
    const cases = [
      {
        route: ["/api/v1/reports/daily/:date", { date: "2026-03-03" }],
        tool: ["reports_daily", { date: "2026-03-03", lang: "zh" }],
        uri: "institute://reports/daily/2026-03-03?lang=en",
        item: { kind: "daily", id: "2026-03-03" },
      },
      {
        route: ["/api/v1/reports/weekly/:date/:analystId", { date: "2026-03-08", analystId: "chen-yu" }],
        tool: ["reports_weekly_author", { date: "2026-03-04", analyst_id: "chen-yu" }],
        uri: "institute://reports/weekly/2026-03-02/chen-yu",
        item: { kind: "weekly", id: "2026-03-02/chen-yu" },
      },
      {
        route: ["/api/v1/whiteboard/cards/:cardId/report", { cardId: "c-1" }],
        tool: ["whiteboard_card_report", { card_id: "c-1" }],
        uri: "institute://whiteboard/cards/c-1/report",
        item: { kind: "card", id: "c-1" },
      },
      {
        route: ["/api/v1/whiteboard/threads/:boardId", { boardId: "b-1" }],
        tool: ["whiteboard_get_thread", { board_id: "b-1" }],
        uri: "institute://whiteboard/threads/b-1",
        item: { kind: "thread", id: "b-1" },
      },
    ] as const;
    for (const c of cases) {
      expect(routeItemReader(c.route[0])?.(c.route[1])).toEqual(c.item);
      expect(itemOfTool(c.tool[0], c.tool[1])).toEqual(c.item);
      expect(itemOfResource(c.uri)).toEqual(c.item);
    }
  });

  it("names nothing for other routes, tools and resources, or arguments that name no item", () => {
    expect(routeItemReader("/api/v1/reports/weekly/:date")).toBeUndefined();
    expect(routeItemReader("/api/v1/latest")).toBeUndefined();
    expect(routeItemReader("/api/v1/reports/daily/:date")?.({})).toBeUndefined();
    expect(routeItemReader("/api/v1/reports/daily/:date")?.(null)).toBeUndefined();
    expect(itemOfTool("reports_fleet_health", {})).toBeUndefined();
    expect(itemOfTool("reports_daily", {})).toBeUndefined();
    expect(itemOfTool("reports_weekly_author", { date: "2026-02-30", analyst_id: "x" })).toBeUndefined();
    expect(itemOfTool(42, null)).toBeUndefined();
    expect(itemOfResource("institute://reports/fleet-health/latest")).toBeUndefined();
    expect(itemOfResource("institute://memory")).toBeUndefined();
  });
});
