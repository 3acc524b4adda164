/** The analysts' mailbox: threads with 2 to 8 messages; message_count and last_message_at agree with the messages. */
import { ANALYSTS, DAILY_EDITOR_ID, DESK_ANALYSTS } from "./analysts.js";
import { DAY, MINUTE } from "./clock.js";
import type { DemoContext } from "./context.js";
import { inline, sentence, TOPICS, type Lang } from "./text.js";
import { pair, type Pair } from "./topic-types.js";

const SUBJECTS: ((topic: Pair) => Pair)[] = [
  (t) => pair(`Cross-check on ${t.en} numbers before the daily`, `晨报发布前核对${t.zh}数据`),
  (t) => pair(`Disagreement on ${t.en}: can we align the house view?`, `关于${t.zh}的分歧：能否统一研究院观点？`),
  (t) => pair(`Request: a whiteboard thread on ${t.en}`, `申请：就${t.zh}开一个白板线程`),
  (t) => pair(`Weekly handover — ${t.en}`, `周度交接 — ${t.zh}`),
  (t) => pair(`Fact-check flagged a claim on ${t.en}`, `事实核查标记了一条关于${t.zh}的论断`),
];

const OPENERS: Pair[] = [
  pair("Quick one before the cut-off:", "截稿前简单说一下："),
  pair("Following up on this morning's call:", "跟进一下今早的讨论："),
  pair("For the record:", "备忘："),
  pair("Agree with most of this, one push-back:", "大部分同意，有一点不同意见："),
];

export interface MailboxCounts {
  threads: number;
  messages: number;
}

export function generateMailbox(ctx: DemoContext): MailboxCounts {
  const rng = ctx.rng("mailbox");
  const { asOf } = ctx.options;
  const n = ctx.scaled(40, 4);
  let messages = 0;
  for (let i = 0; i < n; i++) {
    const topic = rng.pick(TOPICS);
    const lang: Lang = rng.chance(0.5) ? "en" : "zh";
    const core = rng
      .sample(
        DESK_ANALYSTS.filter((a) => topic.desks.includes(a.id)),
        2,
      )
      .map((a) => a.id);
    const extra = rng.sample(ANALYSTS, rng.int(0, 2)).map((a) => a.id);
    if (rng.chance(0.25)) extra.push(DAILY_EDITOR_ID);
    const participants = [...new Set([...core, ...extra])];
    if (participants.length < 2)
      participants.push(DAILY_EDITOR_ID === participants[0] ? "fact-checker" : DAILY_EDITOR_ID);
    const count = rng.int(2, 8);
    const threadId = ctx.ids.hex("mbx_", 10);
    // Leave room for the whole exchange before asOf.
    let t = asOf - rng.int(0, 45) * DAY - (count * 240 + rng.int(5, 600)) * MINUTE;
    const createdAt = t;
    for (let k = 0; k < count; k++) {
      const from = participants[k % participants.length]!;
      const others = participants.filter((p) => p !== from);
      const body = `${rng.pick(OPENERS)[lang]}${lang === "en" ? " " : ""}${sentence(rng, topic, rng.pick(["level", "view", "risk"] as const))[lang]}`;
      ctx.data.add("catalog.mailbox_messages", {
        message_id: ctx.ids.hex("msg_", 12),
        thread_id: threadId,
        from_analyst: from,
        to_analyst: rng.chance(0.2) ? null : rng.pick(others),
        body,
        sent_at: t,
      });
      if (k < count - 1) t += rng.int(2, 240) * MINUTE;
    }
    ctx.data.add("catalog.mailbox_threads", {
      thread_id: threadId,
      subject: rng.pick(SUBJECTS)(pair(inline(topic), topic.zh))[lang],
      participants,
      message_count: count,
      last_message_at: t,
      created_at: createdAt,
    });
    messages += count;
  }
  return { threads: n, messages };
}
