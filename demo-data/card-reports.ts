/**
 * Whiteboard card reports: an English and a Chinese rendering of the same analysis (built from sentence pairs),
 * or a language-agnostic ('plain') data note with bilingual labels.
 */
import { analystById } from "./analysts.js";
import type { Random } from "./random.js";
import {
  bullets,
  changeText,
  formatNumber,
  mdTable,
  reading,
  sentence,
  sentences,
  valueText,
  type Lang,
  type Pair,
  type Topic,
} from "./text.js";

export interface CardReportInput {
  boardId: string;
  cardIndex: number;
  maxCards: number;
  analystId: string;
  stance: string;
  topic: Topic;
  subject: Pair;
  question: Pair;
  workDate: string;
  followUp: Pair | null;
}

interface Skeleton {
  summary: Pair[];
  evidence: Pair[];
  risks: Pair[];
  confidence: number;
}

function skeleton(rng: Random, input: CardReportInput): Skeleton {
  const t = input.topic;
  return {
    summary: [sentence(rng, t, "view"), sentence(rng, t, "level")],
    evidence: [...sentences(rng, t, "level", rng.int(2, 3)), sentence(rng, t, "flow")],
    risks: sentences(rng, t, "risk", 2),
    confidence: rng.int(35, 85),
  };
}

const STANCE_ZH: Record<string, string> = {
  bullish: "看多",
  bearish: "看空",
  neutral: "中性",
  skeptical: "存疑",
  contrarian: "逆向",
};

function render(input: CardReportInput, s: Skeleton, lang: Lang): string {
  const analyst = analystById(input.analystId);
  const list = (items: Pair[]) => items.map((p) => `- ${p[lang]}`).join("\n");
  if (lang === "en") {
    return (
      [
        `# ${input.subject.en}`,
        `**Board:** \`${input.boardId}\` · **Card:** ${input.cardIndex + 1} of ${input.maxCards} · **Analyst:** ${analyst.nameEn ?? analyst.name} · **Stance:** ${input.stance} · **Work date:** ${input.workDate}`,
        `## Question\n\n${input.question.en}`,
        `## Summary\n\n${s.summary.map((p) => p.en).join(" ")}`,
        `## Evidence\n\n${list(s.evidence)}`,
        `## Risks\n\n${list(s.risks)}`,
        `## Confidence\n\n${s.confidence}% that the view holds over the next three months.`,
        input.followUp ? `## Suggested follow-up\n\n${input.followUp.en}` : "",
      ]
        .filter(Boolean)
        .join("\n\n") + "\n"
    );
  }
  return (
    [
      `# ${input.subject.zh}`,
      `**看板：** \`${input.boardId}\` · **卡片：** 第${input.cardIndex + 1}张，共${input.maxCards}张 · **分析师：** ${analyst.name} · **立场：** ${STANCE_ZH[input.stance] ?? input.stance} · **工作日：** ${input.workDate}`,
      `## 研究问题\n\n${input.question.zh}`,
      `## 核心结论\n\n${s.summary.map((p) => p.zh).join("")}`,
      `## 论据\n\n${list(s.evidence)}`,
      `## 风险\n\n${list(s.risks)}`,
      `## 信心水平\n\n未来三个月该观点成立的概率约为${s.confidence}%。`,
      input.followUp ? `## 后续研究建议\n\n${input.followUp.zh}` : "",
    ]
      .filter(Boolean)
      .join("\n\n") + "\n"
  );
}

/** The English and Chinese renderings of one analysis. */
export function bilingualCardReport(rng: Random, input: CardReportInput): { en: string; zh: string } {
  const s = skeleton(rng, input);
  return { en: render(input, s, "en"), zh: render(input, s, "zh") };
}

/** A language-agnostic data note: numbers and bilingual labels. */
export function plainCardReport(rng: Random, input: CardReportInput): string {
  const t = input.topic;
  const rows = t.metrics.map((m) => {
    const r = reading(rng, { ...t, metrics: [m] });
    const c = changeText(r);
    return [`${m.en} / ${m.zh}`, `${valueText(r)}${m.unit.en}`, c.en, formatNumber(rng.float(-2.5, 2.5), 2)];
  });
  return (
    [
      `# ${input.subject.en} · ${input.subject.zh}`,
      `board=${input.boardId} card=${input.cardIndex + 1}/${input.maxCards} analyst=${input.analystId} stance=${input.stance} work_date=${input.workDate}`,
      `## Data / 数据\n\n${mdTable(["Metric / 指标", "Level / 水平", "Change / 变动", "z-score"], rows)}`,
      `## Notes / 要点\n\n${bullets(rng, t, "en", 2)}\n${bullets(rng, t, "zh", 2)}`,
    ].join("\n\n") + "\n"
  );
}
