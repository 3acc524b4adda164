/**
 * The judged query set of the relevance benchmark, built from the demo generator's ground truth (which note is
 * about which topic and subject, in which language; the topic vocabulary names the companies). Each query has
 * graded judgements: 2 for the notes it is squarely about, 1 for notes that also answer it. Classes:
 *
 *   title-en   a known item by its English title paraphrased (subject words lowercased, the closing phrase moved
 *              first): 2 the notes with that subject and phrase, 1 other notes on the subject (any language)
 *   title-zh   the same for Chinese notes, in Chinese
 *   ticker     a ticker typed as analysts do, upper or lower case (DBS, uob): relevant = notes naming it
 *   company    a company's English or Chinese name: relevant = notes naming it (in either language)
 *   zh-cross   a Chinese subject whose English notes should come back too: 2 English notes on it, 1 others
 *   question   a multi-term question of a topic, English or Chinese: 1 every note on the topic
 */
import type { NoteTruth } from "../../demo-data/dataset.js";
import { TOPICS } from "../../demo-data/text.js";

export type QueryClass = "title-en" | "title-zh" | "ticker" | "company" | "zh-cross" | "question";
export const QUERY_CLASSES: QueryClass[] = ["title-en", "title-zh", "ticker", "company", "zh-cross", "question"];

export interface JudgedQuery {
  cls: QueryClass;
  query: string;
  /** Document id → grade (1 or 2); absent: not relevant. */
  grades: Map<string, number>;
}

export interface ArchivedNote extends NoteTruth {
  /** Title and body as stored. */
  text: string;
}

/** Deterministic spread: every n-th item of a list. */
const spread = <T>(items: readonly T[], count: number): T[] => {
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]!);
};

const TICKER = /^[A-Z]{2,5}$/;

export function judgedQueries(notes: readonly ArchivedNote[]): JudgedQuery[] {
  const out: JudgedQuery[] = [];
  const bySubject = new Map<string, ArchivedNote[]>();
  for (const n of notes) bySubject.set(n.subject.en, [...(bySubject.get(n.subject.en) ?? []), n]);

  const knownItem = (cls: QueryClass, pool: ArchivedNote[], lang: "en" | "zh", count: number) => {
    const seen = new Set<string>();
    for (const target of spread(pool, count * 3)) {
      const key = `${target.subject.en}|${target.tail.en}`;
      if (seen.has(key) || seen.size >= count) continue;
      seen.add(key);
      const query =
        lang === "en"
          ? `${target.tail.en}: ${target.subject.en.toLowerCase()}`
          : `${target.tail.zh}，${target.subject.zh}`;
      const grades = new Map<string, number>();
      for (const n of bySubject.get(target.subject.en)!)
        grades.set(n.docId, n.tail.en === target.tail.en && (n.lang === lang || n.lang === "plain") ? 2 : 1);
      out.push({ cls, query, grades });
    }
  };
  knownItem(
    "title-en",
    notes.filter((n) => n.lang === "en"),
    "en",
    60,
  );
  knownItem(
    "title-zh",
    notes.filter((n) => n.lang === "zh"),
    "zh",
    40,
  );

  const entities = TOPICS.flatMap((t) => t.entities);
  const naming = (names: string[]) => {
    const grades = new Map<string, number>();
    for (const n of notes) if (names.some((name) => n.text.includes(name))) grades.set(n.docId, 1);
    return grades;
  };
  const stripThe = (s: string) => s.replace(/^the /, "");
  for (const e of entities.filter((x) => TICKER.test(x.en))) {
    const grades = naming([e.en, e.zh]);
    if (grades.size === 0) continue;
    out.push({ cls: "ticker", query: e.en, grades }, { cls: "ticker", query: e.en.toLowerCase(), grades });
  }
  for (const e of entities.filter((x) => !TICKER.test(x.en))) {
    const grades = naming([stripThe(e.en), e.zh]);
    if (grades.size === 0) continue;
    out.push({ cls: "company", query: stripThe(e.en), grades }, { cls: "company", query: e.zh, grades });
  }

  for (const [subjectEn, group] of spread([...bySubject], 40)) {
    const grades = new Map<string, number>();
    for (const n of group) grades.set(n.docId, n.lang === "en" ? 2 : 1);
    if (!group.some((n) => n.lang === "en")) continue;
    out.push({ cls: "zh-cross", query: group[0]!.subject.zh, grades });
    void subjectEn;
  }

  for (const topic of TOPICS) {
    const grades = new Map<string, number>();
    for (const n of notes) if (n.topicId === topic.id) grades.set(n.docId, 1);
    if (grades.size === 0) continue;
    for (const q of topic.questions)
      out.push({ cls: "question", query: q.en, grades }, { cls: "question", query: q.zh, grades });
  }
  return out;
}
