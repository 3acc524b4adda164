/**
 * Causal chains of facts, with provenance links to their artifacts (committee memos, analyst reports, fact
 * cards) and tags on only some facts: the untagged rest is the backlog of the chain_tag job.
 */
import { analystById } from "./analysts.js";
import { MINUTE, workDateOf } from "./clock.js";
import type { DemoContext } from "./context.js";
import type { FactCardInfo } from "./factcards.js";
import { heading, list, note, para, renderBlocks, table } from "./markdown.js";
import type { Random } from "./random.js";
import type { ReportInfo } from "./reports.js";
import { cap, changeText, reading, sentence, TOPICS, type Lang, type Topic } from "./text.js";
import { pair, type Pair } from "./topic-types.js";
import type { ThreadInfo } from "./whiteboard.js";

const COMMITTEE = ["chief-economist", "rates-strategist", "geopolitics", "risk-officer"];
const GENERIC_TAGS = ["causal", "forecast", "risk", "data-point", "policy"];

interface Artifact {
  kind: "committee_memo" | "analyst_report" | "fact_card";
  ref: string;
  author: string;
  date: string;
  topicId: string | null;
}

function memoBody(rng: Random, topic: Topic, date: string, lang: Lang): string {
  const votes = [rng.int(3, 6), rng.int(0, 3), rng.int(0, 1)];
  return renderBlocks(
    [
      heading(1, pair(`Investment committee memo — ${topic.en} — ${date}`, `投资委员会纪要 — ${topic.zh} — ${date}`)),
      note(pair("Deliberation memo: consensus and dissent as recorded.", "审议纪要：如实记录共识与分歧。")),
      heading(2, pair("Motion", "议题")),
      para([rng.pick(topic.questions)]),
      heading(2, pair("Consensus", "共识")),
      para([sentence(rng, topic, "view"), sentence(rng, topic, "level")]),
      heading(2, pair("Dissent", "分歧")),
      list([sentence(rng, topic, "risk"), sentence(rng, topic, "view")]),
      heading(2, pair("Vote", "表决")),
      table([pair("For", "赞成"), pair("Against", "反对"), pair("Abstain", "弃权")], [votes.map(String)]),
    ],
    lang,
  );
}

function statement(rng: Random, topic: Topic, seq: number, last: boolean): Pair {
  if (seq === 1) {
    const d = rng.pick(topic.drivers);
    return pair(`${cap(d.en)} is gathering pace.`, `${d.zh}正在加速。`);
  }
  if (last) {
    const k = rng.pick(topic.risks);
    const s = rng.pick([pair("constructive", "建设性"), pair("cautious", "谨慎"), pair("neutral", "中性")]);
    return pair(`Net: ${s.en} on ${topic.en}; watch for ${k.en}.`, `结论：对${topic.zh}持${s.zh}态度；需警惕${k.zh}。`);
  }
  switch (seq % 4) {
    case 2: {
      const r = reading(rng, topic);
      const c = changeText(r);
      return pair(`That moves ${r.metric.en} (${c.en} so far).`, `这将带动${r.metric.zh}变化（目前${c.zh}）。`);
    }
    case 3: {
      const e = rng.pick(topic.entities);
      return pair(`${cap(e.en)} is the first to feel it.`, `${e.zh}将首先受到影响。`);
    }
    case 0:
      return sentence(rng, topic, "flow");
    default:
      return sentence(rng, topic, "view");
  }
}

export function generateChains(
  ctx: DemoContext,
  threads: readonly ThreadInfo[],
  weeklies: readonly ReportInfo[],
  facts: readonly FactCardInfo[],
): void {
  const rng = ctx.rng("chains");
  const dates = ctx.clock.recentDates(60);
  const artifacts: Artifact[] = [];
  for (let i = 0; i < ctx.scaled(20, 3); i++) {
    const topic = rng.pick(TOPICS);
    const date = rng.pick(dates);
    const author = rng.pick(COMMITTEE);
    const key = `memos/${date}/${ctx.ids.hex("memo_", 8)}.md`;
    ctx.data.blob(key, memoBody(rng, topic, date, rng.chance(0.6) ? "en" : "zh"), ctx.clock.within(rng, date, 17, 19));
    artifacts.push({ kind: "committee_memo", ref: key, author, date, topicId: topic.id });
  }
  const memos = artifacts.slice();
  for (const t of threads) {
    for (const c of t.cards) {
      const key = c.reports.en ?? c.reports.plain ?? c.reports.zh;
      if (key)
        artifacts.push({
          kind: "analyst_report",
          ref: key,
          author: c.analystId,
          date: c.workDate,
          topicId: c.topic.id,
        });
    }
  }
  for (const w of weeklies)
    if (w.final)
      artifacts.push({
        kind: "analyst_report",
        ref: w.objectKey,
        author: w.analystId,
        date: w.workDate,
        topicId: null,
      });
  for (const f of facts)
    artifacts.push({
      kind: "fact_card",
      ref: f.factCardId,
      author: "fact-checker",
      date: workDateOf(f.createdAt),
      topicId: f.topic.id,
    });

  for (let i = 0; i < ctx.scaled(60, 6); i++) {
    const topic = rng.pick(TOPICS);
    const analyst = analystById(rng.pick(topic.desks));
    const lang: Lang = rng.chance(0.55) ? "en" : "zh";
    const date = rng.pick(dates);
    const chainId = ctx.ids.hex("chain_", 10);
    const length = rng.int(3, 7);
    let t = ctx.clock.within(rng, date, 8, 20);
    const related = artifacts.filter((a) => a.topicId === topic.id || a.topicId === null);
    for (let seq = 1; seq <= length; seq++) {
      const factId = ctx.ids.hex("cf_", 12);
      ctx.data.add("factcard.chain_facts", {
        fact_id: factId,
        chain_id: chainId,
        seq,
        statement: statement(rng, topic, seq, seq === length)[lang],
        analyst_id: rng.chance(0.95) ? analyst.id : null,
        work_date: date,
        created_at: t,
      });
      if (rng.chance(0.4)) {
        for (const tag of rng.sample([...new Set([...topic.tags, ...GENERIC_TAGS])], rng.int(1, 3))) {
          ctx.data.add("factcard.chain_fact_tags", {
            fact_id: factId,
            tag,
            tagged_at: ctx.clock.past(t + rng.int(5, 300) * MINUTE),
          });
        }
      }
      const links = rng.sample(related.length >= 3 ? related : artifacts, rng.int(1, 3));
      // Chains open from a committee deliberation often enough that every artifact kind is linked.
      if (seq === 1 && rng.chance(0.5)) {
        const memo = rng.pick(memos);
        if (!links.some((l) => l.ref === memo.ref)) links.push(memo);
      }
      for (const a of links)
        ctx.data.add("factcard.chain_links", {
          fact_id: factId,
          artifact_kind: a.kind,
          ref: a.ref,
          author: a.author,
          date: a.date,
        });
      t = ctx.clock.past(t + rng.int(1, 15) * MINUTE + rng.int(0, 59_999));
    }
  }
}
