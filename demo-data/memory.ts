/** The institute's long-lived memory: a handful of markdown documents (house views, coverage, style, lessons, glossary). */
import { ANALYSTS } from "./analysts.js";
import { DAY, HOUR } from "./clock.js";
import type { DemoContext } from "./context.js";
import { sentence, TOPICS, topicsOf } from "./text.js";

const STYLE_GUIDE = `# Editorial style guide · 编辑规范

## Voice
- Lead with the view, then the evidence, then the risks. 先给结论，再给论据，最后列风险。
- Every number carries a date and a source. 每个数字都要注明日期与来源。
- Rates moves in basis points, prices in percent. 利率变动以基点表示，价格变动以百分比表示。

## Dates and times
- Work dates are Asia/Singapore dates (UTC+8). 工作日以新加坡时间为准。
- The daily closes at 06:30 SGT; drafts before then are not for circulation. 晨报于新加坡时间06:30截稿，此前草稿不得外传。

## Languages
- English and Chinese editions say the same thing; neither is a summary of the other. 中英文版本内容一致，互不为摘要。
`;

const LESSONS = `# Lessons learned · 经验教训

1. **Duration calls in thin holiday markets** — two of three whiteboard threads in the last holiday week reversed within five sessions. Size smaller. 假期流动性稀薄时的久期判断两次反转，应降低仓位。
2. **Single-source claims** — fact cards with one source were disputed 3x as often as those with two or more. 单一来源的论断被质疑的概率是多来源的3倍。
3. **Similarity gate** — near-duplicate topics launched within 72 hours added little; the gate now summarises instead. 72小时内重复立项收效甚微，相似度闸门现改为总结旧线程。
4. **Shared data** — when an ingest topic is missing, say so in the daily rather than carrying stale numbers. 共享数据缺失时，应在晨报中说明，而不是沿用旧数据。
`;

const GLOSSARY = `# Glossary · 术语表

| Term | 术语 | Meaning |
| --- | --- | --- |
| Whiteboard thread | 白板线程 | A structured debate: ordered cards by several analysts on one question |
| Card | 卡片 | One analyst's contribution to a thread, with stance and report |
| Topic pool | 选题池 | Candidate topics the hourly kickoff drains by score |
| Similarity gate | 相似度闸门 | Checks a candidate against prior threads before launch |
| Fact card | 事实卡 | One checkable claim and its verdict |
| Chain fact | 链式事实 | A step in a causal chain, linked to its artifacts |
| Hand | 执行端 | The model runtime that executes a card |
`;

export function generateMemory(ctx: DemoContext): number {
  const rng = ctx.rng("memory");
  const { asOf } = ctx.options;
  const houseViews =
    [
      "# House views · 研究院观点",
      `_Reviewed weekly by the investment committee. 投资委员会每周复核。_`,
      ...TOPICS.map((t) => {
        const s = sentence(rng, t, "view");
        const r = sentence(rng, t, "risk");
        return `## ${t.en} · ${t.zh}\n\n- ${s.en}\n- ${s.zh}\n- ${r.en}`;
      }),
    ].join("\n\n") + "\n";
  const coverage =
    [
      "# Coverage map · 研究覆盖",
      "| Analyst | 分析师 | Topics |",
      "| --- | --- | --- |",
      ...ANALYSTS.map(
        (a) =>
          `| ${a.nameEn ?? a.id} | ${a.name} | ${
            topicsOf(a.id).length === TOPICS.length
              ? "all (editorial)"
              : topicsOf(a.id)
                  .map((t) => t.en)
                  .join(", ")
          } |`,
      ),
    ].join("\n") + "\n";
  const docs = [
    ["house-views", "House views", houseViews],
    ["coverage-map", "Coverage map", coverage],
    ["style-guide", "Editorial style guide", STYLE_GUIDE],
    ["lessons-learned", "Lessons learned", LESSONS],
    ["glossary", "Glossary", GLOSSARY],
  ] as const;
  for (const [memory_id, title, body] of docs) {
    ctx.data.add("catalog.institute_memory", {
      memory_id,
      title,
      body,
      updated_at: asOf - rng.int(1, 40) * DAY - rng.int(0, 23) * HOUR,
    });
  }
  return docs.length;
}
