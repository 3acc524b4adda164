/**
 * Archived session notes that search covers: several paragraphs each, in English, Chinese or both ('plain'),
 * about one topic, with vocabulary (metrics, companies, drivers) that a lexical or semantic search can find.
 */
import { MINUTE } from "./clock.js";
import type { DemoContext } from "./context.js";
import { heading, list, para, renderBlocks, type RenderLang } from "./markdown.js";
import type { Random } from "./random.js";
import type { SessionInfo } from "./sessions.js";
import { cap, headline, inline, sentence, sentences, topicsOf, type Topic } from "./text.js";
import { pair, type Pair } from "./topic-types.js";

function noteBlocks(rng: Random, topic: Topic, subject: Pair, title: Pair) {
  const entity = rng.pick(topic.entities);
  return [
    heading(1, title),
    para([
      pair(
        `This note, part of our ${inline(topic)} coverage, looks at one question: ${subject.en}. ${cap(entity.en)} is the reference point.`,
        `本文以${entity.zh}为参照，讨论${topic.zh}研究中的${subject.zh}问题。`,
      ),
      sentence(rng, topic, "level"),
      sentence(rng, topic, "view"),
    ]),
    heading(2, pair("Evidence", "论据")),
    para([sentence(rng, topic, "level"), sentence(rng, topic, "flow"), sentence(rng, topic, "view")]),
    list(sentences(rng, topic, "level", 3)),
    heading(2, pair("What would change our mind", "什么会改变我们的判断")),
    para(sentences(rng, topic, "risk", 2)),
  ];
}

/** `count` notes (the scale's volume by default); each note's topic, subject and language go to the ground truth. */
export function generateArchive(
  ctx: DemoContext,
  sessions: readonly SessionInfo[],
  count = ctx.scaled(300, 20),
): number {
  const rng = ctx.rng("archive");
  const n = count;
  const perSession = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const session = sessions[i % sessions.length]!;
    const topic = rng.chance(0.8) ? session.topic : rng.pick(topicsOf(session.analystId));
    const subject = topic === session.topic && rng.chance(0.5) ? session.subject : rng.pick(topic.subjects);
    const lang: RenderLang = rng.weighted([
      ["en", 45],
      ["zh", 40],
      ["plain", 15],
    ] as const);
    const title = headline(rng, subject);
    const body = renderBlocks(noteBlocks(rng, topic, subject, title), lang);
    const k = (perSession.get(session.sessionId) ?? 0) + 1;
    perSession.set(session.sessionId, k);
    const archivedAt = rng.chance(0.02)
      ? null
      : ctx.clock.past((session.endedAt ?? session.startedAt) + k * rng.int(1, 6) * MINUTE);
    const docId = ctx.ids.hex("doc_", 12);
    ctx.data.notes.push({ docId, topicId: topic.id, subject, tail: title.tail, lang });
    ctx.data.add("search.documents", {
      doc_id: docId,
      session_id: session.sessionId,
      analyst_id: session.analystId,
      path: `sessions/${session.sessionId}/notes/${k}.md`,
      title: lang === "plain" ? `${title.en} · ${title.zh}` : title[lang],
      lang,
      body,
      archived_at: archivedAt,
    });
  }
  return n;
}
