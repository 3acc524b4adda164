/**
 * portfolios.ndjson and nav-snapshots.ndjson: the paper portfolios (persona and benchmark) and their NAV series,
 * one snapshot a line. PortfolioMetrics are computed from these, so they are not part of the bundle.
 */
import { date, double, epoch, id, nullable, oneOf, text } from "../columns.js";
import { tableKind } from "../table-kind.js";

export const portfolios = tableKind({
  name: "portfolios",
  describe:
    "a paper portfolio: name, persona or benchmark, owning analyst, the benchmark it is measured against, inception date",
  table: "portfolio.portfolios",
  key: ["portfolio_id"],
  columns: [
    ["portfolio_id", id],
    ["name", text],
    ["kind", oneOf(["persona", "benchmark"])],
    ["owner_analyst_id", nullable(text)],
    ["benchmark_id", nullable(text)],
    ["inception_date", date],
  ],
});

export const navSnapshots = tableKind({
  name: "nav-snapshots",
  describe:
    "one NAV snapshot of a portfolio's (or a benchmark's) series: the portfolio, when it was taken, the NAV (> 0)",
  table: "portfolio.nav_snapshots",
  key: ["portfolio_id", "taken_at"],
  columns: [
    ["portfolio_id", id],
    ["taken_at", epoch],
    ["nav", { ...double, schema: { type: "number", exclusiveMinimum: 0 } }],
  ],
});
