/**
 * The institute's event stream, derived from what the rest of the generator produced (thread and card lifecycle,
 * archived reports, fact checks, sessions), numbered in the order the events happened.
 */
import type { DemoContext } from "./context.js";
import type { FactCardInfo } from "./factcards.js";
import type { ReportInfo } from "./reports.js";
import type { SessionInfo } from "./sessions.js";
import type { ThreadInfo } from "./whiteboard.js";

interface Event {
  kind: string;
  subjectId: string | null;
  analystId: string | null;
  detail: Record<string, unknown>;
  at: number;
}

export interface EventSources {
  threads: readonly ThreadInfo[];
  reports: readonly ReportInfo[];
  facts: readonly FactCardInfo[];
  sessions: readonly SessionInfo[];
}

export function generateEvents(ctx: DemoContext, src: EventSources): number {
  const events: Event[] = [];
  const push = (
    kind: string,
    subjectId: string | null,
    analystId: string | null,
    at: number,
    detail: Record<string, unknown> = {},
  ) => events.push({ kind, subjectId, analystId, at, detail });

  for (const t of src.threads) {
    const base = { board_id: t.boardId, work_date: t.workDate };
    push("thread.created", t.boardId, t.rootAnalystId, t.createdAt, { ...base, topic: t.rootTopic });
    const first = t.cards.find((c) => c.startedAt !== null);
    if (first) push("thread.started", t.boardId, t.rootAnalystId, first.startedAt!, base);
    if (t.status === "completed" || t.status === "failed")
      push(`thread.${t.status}`, t.boardId, t.rootAnalystId, t.updatedAt, { ...base, cards: t.cards.length });
    for (const c of t.cards) {
      const card = { ...base, card_id: c.cardId, card_index: c.index };
      if (c.startedAt !== null) push("card.started", c.cardId, c.analystId, c.startedAt, card);
      if (c.completedAt !== null && (c.status === "completed" || c.status === "failed")) {
        push(`card.${c.status}`, c.cardId, c.analystId, c.completedAt, card);
      }
      const langs = Object.keys(c.reports);
      if (langs.length && c.completedAt !== null)
        push("report.archived", c.cardId, c.analystId, c.completedAt + 1, { ...card, kind: "card", languages: langs });
    }
  }
  for (const r of src.reports) {
    push("report.archived", r.reportId, r.analystId, r.archivedAt, {
      kind: r.kind,
      work_date: r.workDate,
      lang: r.lang,
      object_key: r.objectKey,
      final: r.final,
    });
  }
  for (const f of src.facts) {
    push("factcard.created", f.factCardId, null, f.createdAt, { status: f.status });
  }
  for (const s of src.sessions) {
    push("session.started", s.sessionId, s.analystId, s.startedAt, { work_date: s.workDate });
    if (s.endedAt !== null) push("session.ended", s.sessionId, s.analystId, s.endedAt, { work_date: s.workDate });
  }
  // Stable sort: simultaneous events keep the order in which they were derived.
  events.sort((a, b) => a.at - b.at);
  events.forEach((e, i) => {
    ctx.data.add("catalog.events", {
      event_id: `evt_${String(i + 1).padStart(8, "0")}`,
      kind: e.kind,
      subject_id: e.subjectId,
      analyst_id: e.analystId,
      detail: e.detail,
      occurred_at: e.at,
    });
  });
  return events.length;
}
