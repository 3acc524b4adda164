/** Analyst sessions (with the hand's workspace scratchpad) and their message transcripts. */
import { ANALYSTS, DESK_ANALYSTS, type Analyst } from "./analysts.js";
import { MINUTE, workDateOf } from "./clock.js";
import type { DemoContext } from "./context.js";
import type { Random } from "./random.js";
import { bullets, inline, paragraph, sentence, topicsOf, type Lang, type Topic } from "./text.js";
import { pair, type Pair } from "./topic-types.js";

export interface SessionInfo {
  sessionId: string;
  analystId: string;
  topic: Topic;
  subject: Pair;
  lang: Lang;
  startedAt: number;
  endedAt: number | null;
  workDate: string;
  /** Sequence numbers of the assistant's messages (fact cards point at them). */
  assistantSeqs: number[];
}

function systemPrompt(analyst: Analyst, topic: Topic, lang: Lang): string {
  return lang === "en"
    ? `You are ${analyst.nameEn ?? analyst.name}${analyst.specialtyEn ? ` (${analyst.specialtyEn})` : ""}, an analyst at the institute. Cover ${inline(topic)}: cite data, state a view, name the risks.`
    : `你是研究院的${analyst.name}（${analyst.specialty ?? "分析师"}）。请研究${topic.zh}：引用数据，明确观点，列出风险。`;
}

/** What the desk asks after the opening question. */
function followUp(rng: Random, topic: Topic): Pair {
  const view = sentence(rng, topic, "view");
  const m = rng.pick(topic.metrics);
  return rng.pick([
    pair(`Challenge this: ${view.en}`, `请反驳这一观点：${view.zh}`),
    pair(`What does ${m.en} tell us now?`, `${m.zh}目前说明了什么？`),
    pair("Summarise the risks in two lines.", "请用两句话总结风险。"),
    pair(`Who is most exposed? Name companies, not sectors.`, "谁受影响最大？请列出公司而非行业。"),
  ]);
}

function workspace(rng: Random, topic: Topic, subject: Pair, lang: Lang): string {
  const en = lang === "en";
  return (
    [
      `# ${en ? "Workspace" : "工作区"} — ${subject[lang]}`,
      `## ${en ? "Scratchpad" : "草稿"}\n\n${bullets(rng, topic, lang, 3)}`,
      `## ${en ? "Open questions" : "待解决问题"}\n\n${rng
        .sample(topic.questions, 2)
        .map((q) => `- ${q[lang]}`)
        .join("\n")}`,
      `## ${en ? "Sources checked" : "已查阅来源"}\n\n- https://data.example.org/${topic.id}/${rng.hex(6)}\n- https://research.example.org/notes/${rng.hex(8)}`,
    ].join("\n\n") + "\n"
  );
}

export function generateSessions(ctx: DemoContext): SessionInfo[] {
  const rng = ctx.rng("sessions");
  const dates = ctx.clock.recentDates(60);
  const sessions: SessionInfo[] = [];
  const n = ctx.scaled(60, 6);
  for (let i = 0; i < n; i++) {
    const analyst = rng.chance(0.9) ? rng.pick(DESK_ANALYSTS) : rng.pick(ANALYSTS);
    const topic = rng.pick(topicsOf(analyst.id));
    const subject = rng.pick(topic.subjects);
    const lang: Lang = rng.chance(0.55) ? "en" : "zh";
    const running = i < 2; // the two most recent sessions are still open
    const date = running ? ctx.clock.today : rng.pick(dates.slice(0, -1));
    const messages = rng.int(5, 12);
    let t = running
      ? ctx.options.asOf - rng.int(messages * 3 + 5, messages * 3 + 90) * MINUTE
      : ctx.clock.within(rng, date, 7, 21);
    const startedAt = t;
    const sessionId = `ses_${workDateOf(startedAt).replace(/-/g, "")}_${ctx.ids.hex("", 6)}`;
    const assistantSeqs: number[] = [];
    for (let seq = 1; seq <= messages; seq++) {
      const role = seq === 1 ? "system" : seq % 2 === 0 ? "user" : rng.chance(0.2) ? "tool" : "assistant";
      let content: string;
      if (role === "system") content = systemPrompt(analyst, topic, lang);
      else if (role === "user") content = seq === 2 ? rng.pick(topic.questions)[lang] : followUp(rng, topic)[lang];
      else if (role === "tool")
        content = JSON.stringify({
          tool: "search_artifacts",
          query: subject.en,
          returned: rng.int(0, 8),
          took_ms: rng.int(40, 900),
        });
      else {
        content = paragraph(rng, topic, lang, rng.int(2, 4));
        assistantSeqs.push(seq);
      }
      ctx.data.add("catalog.session_messages", { session_id: sessionId, seq, role, content, created_at: t });
      t += rng.int(20, 180) * 1000;
    }
    const status = running
      ? "running"
      : rng.weighted([
          ["completed", 88],
          ["failed", 7],
          ["abandoned", 5],
        ] as const);
    const endedAt = running ? null : t;
    ctx.data.add("catalog.sessions", {
      session_id: sessionId,
      analyst_id: analyst.id,
      title: subject[lang],
      status,
      work_date: workDateOf(startedAt),
      started_at: startedAt,
      ended_at: endedAt,
      workspace: rng.chance(0.9) ? workspace(rng, topic, subject, lang) : null,
    });
    sessions.push({
      sessionId,
      analystId: analyst.id,
      topic,
      subject,
      lang,
      startedAt,
      endedAt,
      workDate: workDateOf(startedAt),
      assistantSeqs,
    });
  }
  return sessions;
}
