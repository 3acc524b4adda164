/** Bodies of the daily and weekly reports, as bilingual blocks (see markdown.ts). */
import type { Analyst } from "./analysts.js";
import { heading, list, note, para, table, type Block, type Cell } from "./markdown.js";
import type { Random } from "./random.js";
import { cap, changeText, reading, sentence, sentences, TOPICS, valueText, type Topic } from "./text.js";
import { pair, type Pair } from "./topic-types.js";

export function marketRow(rng: Random, topic: Topic): Cell[] {
  const r = reading(rng, topic);
  return [
    pair(cap(r.metric.en.replace(/^the /, "")), r.metric.zh),
    pair(`${valueText(r)}${r.metric.unit.en}`, `${valueText(r)}${r.metric.unit.zh}`),
    changeText(r),
  ];
}

const MARKET_HEADERS = [pair("Market", "市场"), pair("Level", "水平"), pair("Change", "变动")];

const CALENDAR: Pair[] = [
  pair("China CPI and PPI", "中国CPI与PPI"),
  pair("US non-farm payrolls", "美国非农就业数据"),
  pair("MAS monetary policy statement", "新加坡金管局货币政策声明"),
  pair("Bank of Japan policy meeting", "日本央行议息会议"),
  pair("FOMC minutes", "美联储议息会议纪要"),
  pair("Singapore non-oil domestic exports", "新加坡非石油国内出口"),
  pair("OPEC+ ministerial meeting", "OPEC+部长级会议"),
  pair("TSMC monthly sales", "台积电月度营收"),
];

export interface DailyDraft {
  date: string;
  /** 0 for the final edition; 1, 2 for earlier drafts. */
  draft: number;
  threadsClosed: number;
}

export function dailyBlocks(rng: Random, input: DailyDraft): Block[] {
  const [lead, ...desks] = rng.sample(TOPICS, 4) as [Topic, ...Topic[]];
  const status = input.draft
    ? pair(`Draft ${input.draft}: not for circulation`, `第${input.draft}版草稿：请勿外传`)
    : pair("Final edition", "定稿");
  const blocks: Block[] = [
    heading(1, pair(`Institute Daily — ${input.date}`, `研究院每日晨报 — ${input.date}`)),
    note(
      pair(
        `Daily desk · work date ${input.date} (Asia/Singapore) · ${status.en}`,
        `晨报编辑部 · 工作日 ${input.date}（新加坡时间）· ${status.zh}`,
      ),
    ),
    heading(2, pair(`Top of mind: ${lead.en}`, `今日焦点：${lead.zh}`)),
    para([sentence(rng, lead, "level"), sentence(rng, lead, "view"), sentence(rng, lead, "risk")]),
    heading(2, pair("Markets at a glance", "市场速览")),
    table(
      MARKET_HEADERS,
      rng.sample(TOPICS, 5).map((t) => marketRow(rng, t)),
    ),
    heading(2, pair("Desk notes", "各研究组要点")),
  ];
  for (const t of desks) {
    blocks.push(heading(3, pair(t.en, t.zh)), list([sentence(rng, t, "level"), sentence(rng, t, "view")]));
  }
  const debated = rng.pick(lead.subjects);
  blocks.push(
    heading(2, pair("On the whiteboard", "白板动态")),
    list([
      pair(
        `${input.threadsClosed} threads closed in the past 24 hours.`,
        `过去24小时内共有${input.threadsClosed}个研究线程结束。`,
      ),
      pair(`Most debated: ${debated.en}.`, `讨论最热烈的议题：${debated.zh}。`),
    ]),
    heading(2, pair("Calendar", "今日日程")),
    list(
      rng.sample(CALENDAR, 3).map((c) => {
        const time = `${String(rng.int(8, 22)).padStart(2, "0")}:${rng.pick(["00", "30"])}`;
        return pair(`${time} SGT — ${c.en}`, `新加坡时间${time} — ${c.zh}`);
      }),
    ),
  );
  return blocks;
}

export interface WeeklyInput {
  analyst: Analyst;
  topic: Topic;
  weekStart: string;
  weekEnd: string;
  /** 0 for the final copy; earlier re-runs count up. */
  rerun: number;
}

export function weeklyBlocks(rng: Random, input: WeeklyInput): Block[] {
  const { analyst, topic } = input;
  const who = pair(analyst.nameEn ?? analyst.name, analyst.name);
  const version = input.rerun
    ? pair(`re-run ${input.rerun}, superseded`, `第${input.rerun}次重跑，已被取代`)
    : pair("final", "终稿");
  return [
    heading(1, pair(`${topic.en} weekly — week of ${input.weekStart}`, `${topic.zh}周报 — ${input.weekStart}当周`)),
    note(
      pair(
        `${who.en} · ${input.weekStart} to ${input.weekEnd} · ${version.en}`,
        `${who.zh} · ${input.weekStart}至${input.weekEnd} · ${version.zh}`,
      ),
    ),
    heading(2, pair("The week in brief", "本周回顾")),
    para([sentence(rng, topic, "level"), sentence(rng, topic, "flow"), sentence(rng, topic, "view")]),
    heading(2, pair("Key calls", "核心观点")),
    list([...sentences(rng, topic, "view", 2), sentence(rng, topic, "level")]),
    heading(2, pair("Positioning", "仓位与数据")),
    table(
      MARKET_HEADERS,
      topic.metrics.map((m) => marketRow(rng, { ...topic, metrics: [m] })),
    ),
    heading(2, pair("Risks for next week", "下周风险")),
    list(sentences(rng, topic, "risk", 2)),
  ];
}
