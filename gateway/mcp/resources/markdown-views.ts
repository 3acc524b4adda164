/**
 * Markdown views of JSON answers, for the resources that have no markdown of their own: a whiteboard thread (root
 * question, then each card in order with its summary) and a portfolio's track record (the metrics table and how each
 * figure was computed). Built from the tools' structured answers, so a resource says what the tool says.
 */

type Nullable<T> = T | null;

export interface ThreadView {
  board_id: string;
  work_date: string;
  root_analyst_id: Nullable<string>;
  root_topic: Nullable<string>;
  root_question: Nullable<string>;
  status: string;
  card_count: number;
  max_cards: number;
  updated_at: number;
  cards: Array<{
    card_id: string;
    card_index: number;
    analyst_id: Nullable<string>;
    topic: Nullable<string>;
    question: Nullable<string>;
    stance: Nullable<string>;
    status: string;
    summary: Nullable<string>;
    report_url: Nullable<string>;
  }>;
}

const or = (value: Nullable<string>, fallback: string) =>
  value === null || value.trim() === "" ? fallback : value.trim();

export function threadMarkdown(t: ThreadView, cardReportUri: (cardId: string) => string): string {
  const lines = [
    `# ${or(t.root_topic, `Whiteboard thread ${t.board_id}`)}`,
    "",
    `- Board: ${t.board_id}`,
    `- Work date: ${t.work_date}`,
    `- Status: ${t.status}`,
    `- Cards: ${t.card_count} of at most ${t.max_cards}`,
    `- Root analyst: ${or(t.root_analyst_id, "none")}`,
    "",
    "## Root question",
    "",
    or(t.root_question, "(no root question recorded)"),
    "",
    "## Cards",
  ];
  if (t.cards.length === 0) lines.push("", "(no cards yet)");
  for (const c of t.cards) {
    const who = [c.analyst_id, c.stance].filter((v): v is string => v !== null && v !== "").join(", ");
    lines.push(
      "",
      `### ${c.card_index}. ${or(c.topic, c.card_id)}${who ? ` (${who})` : ""}`,
      "",
      `- Card: ${c.card_id}`,
      `- Status: ${c.status}`,
    );
    if (c.question) lines.push(`- Question: ${c.question.trim()}`);
    if (c.report_url) lines.push(`- Report: ${cardReportUri(c.card_id)}`);
    lines.push("", or(c.summary, "(no summary yet)"));
  }
  return `${lines.join("\n")}\n`;
}

export interface PortfolioView {
  portfolio_id: string;
  [metric: string]: string | number | null;
}

/** The metrics in the order a reader scans them, with their unit and how each is computed. */
const METRICS: ReadonlyArray<[key: string, label: string, how: string]> = [
  ["total_return_pct", "Total return (%)", "latest NAV / start NAV - 1"],
  ["annualized_return_pct", "Annualized return (%)", "(1 + total return)^(252 / returns) - 1"],
  ["annualized_vol_pct", "Annualized volatility (%)", "sample standard deviation of daily returns × √252"],
  ["sharpe", "Sharpe", "mean daily return / its standard deviation × √252, risk-free rate 0"],
  ["sortino", "Sortino", "mean daily return / downside deviation × √252"],
  ["calmar", "Calmar", "annualized return / |max drawdown|; none without a drawdown"],
  ["max_drawdown_pct", "Max drawdown (%)", "largest fall from a running NAV peak"],
  ["current_drawdown_pct", "Current drawdown (%)", "latest NAV against its running peak"],
  ["best_day_pct", "Best day (%)", "largest daily return"],
  ["worst_day_pct", "Worst day (%)", "smallest daily return"],
  ["benchmark_return_pct", "Benchmark return (%)", "the benchmark's total return over the same dates"],
  ["alpha_pct", "Alpha (%)", "total return - benchmark return; null until the benchmark series has accrued"],
  ["start_nav", "Start NAV", "first daily NAV"],
  ["latest_nav", "Latest NAV", "last daily NAV"],
];

const figure = (v: string | number | null | undefined) =>
  v === null || v === undefined ? "n/a" : typeof v === "number" ? String(Number(v.toFixed(6))) : v;
const isoOf = (v: string | number | null | undefined) => (typeof v === "number" ? new Date(v).toISOString() : "n/a");

export function portfolioMarkdown(m: PortfolioView): string {
  const lines = [
    `# Portfolio ${m.portfolio_id}: track record`,
    "",
    `- Daily points: ${figure(m.n_snapshots)} (${figure(m.n_returns)} daily returns), from ${isoOf(m.first_at)} to ${isoOf(m.last_at)}`,
    `- Benchmark: ${figure(m.benchmark_id ?? null)}`,
    "",
    "| Metric | Value | How it is computed |",
    "|---|---|---|",
    ...METRICS.map(([key, label, how]) => `| ${label} | ${figure(m[key])} | ${how} |`),
    "",
    "## How these figures are computed",
    "",
    "Over the daily NAV series: the last snapshot of each Singapore work date, ascending. Daily returns are simple",
    "returns (NAV_t / NAV_{t-1} - 1), annualized over 252 periods a year with a risk-free rate of 0 (the definitions of",
    "the empyrical library). A figure needs at least one return; volatility, Sharpe and Sortino need two. A figure that",
    "cannot be computed is n/a, never a guess.",
  ];
  return `${lines.join("\n")}\n`;
}
