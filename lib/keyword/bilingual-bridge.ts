/**
 * Bilingual bridging without a model: a lexicon learned from the pairs of texts the archive already holds in two
 * languages (a fact card's claim_text and claim_text_en, the English and Chinese halves of a bilingual document).
 * Each pair is one "unit"; a Chinese term and an English term that keep occurring in the same units are linked,
 * scored by the Dice coefficient 2·both / (units with the first + units with the second). A query term is then
 * also looked for as its strongest links in the other language ("净息差" → net, interest, margin), with the link's
 * score as the added term's weight, so a query in either language finds the notes written in the other.
 *
 * What it covers: vocabulary that occurs in such pairs often enough (at least MIN_BOTH units). What it does not:
 * words never seen in a pair, word order and phrasing (it links terms, it does not translate sentences), and
 * links can be topical rather than literal (a bank's Chinese name links to its ticker and to "margin" alike).
 */
import { tokenize } from "./tokenize.js";
import type { QueryTerm } from "./bm25-index.js";
import { PairCounts } from "./pair-counts.js";

const HAS_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const HAS_LETTER = /\p{L}/u;

/** A link needs this many shared units, and this Dice score, to be used. */
const MIN_BOTH = 2;
const MIN_DICE = 0.12;
/** Links kept per query term. */
const PER_TERM = 3;
/** Terms per side of a unit that count (a long unit says little about any one pair of its terms). */
const MAX_SIDE = 32;
/** Terms whose links are kept between changes; past it the kept ones are dropped and kept again as asked. */
const MAX_KEPT_LINKS = 8_192;

/** A unit's term ids, each side. */
export type Unit = [cjk: number[], latin: number[]];

/**
 * A row's units packed in one array, each as [cjk count, latin count, ...cjk ids, ...latin ids]. As arrays of
 * arrays of numbers they took most of the bridge's memory (72 MiB at 100,000 notes, 14 with them packed).
 */
type PackedUnits = Int32Array;

function pack(units: readonly Unit[]): PackedUnits {
  const out = new Int32Array(units.reduce((n, [c, l]) => n + 2 + c.length + l.length, 0));
  let at = 0;
  for (const [cjk, latin] of units) {
    out[at++] = cjk.length;
    out[at++] = latin.length;
    out.set(cjk, at);
    out.set(latin, at + cjk.length);
    at += cjk.length + latin.length;
  }
  return out;
}

function unpack(packed: PackedUnits): Unit[] {
  const units: Unit[] = [];
  for (let at = 0; at < packed.length;) {
    const c = packed[at]!;
    const l = packed[at + 1]!;
    at += 2;
    units.push([[...packed.subarray(at, at + c)], [...packed.subarray(at + c, at + c + l)]]);
    at += c + l;
  }
  return units;
}

export interface Link {
  term: string;
  score: number;
}

/** Everything a bridge is, for a snapshot: pairs as (term, other term, units holding both) triples. */
export interface BridgeParts {
  names: string[];
  count: Int32Array;
  pairs: Int32Array;
  rows: [string, Unit[]][];
}

export class BilingualBridge {
  private readonly unitsOf = new Map<string, PackedUnits>();
  /** Terms are interned: co-occurrence tables keyed by numbers are several times faster than by strings. */
  private readonly idOf = new Map<string, number>();
  private readonly names: string[] = [];
  /** Units holding each term, by id. */
  private readonly count: number[] = [];
  /** Term, term of the other language → units holding both. */
  private readonly both = new PairCounts();
  /**
   * Each asked term's links until the counts next change: a common term has thousands of partners to score (the
   * bridge's links were 5 % of a search's CPU in the HTTP bench), and searches ask the same words again and again.
   */
  private readonly kept = new Map<string, Link[]>();
  units = 0;

  private intern(term: string): number {
    let id = this.idOf.get(term);
    if (id === undefined) {
      id = this.names.push(term) - 1;
      this.idOf.set(term, id);
      this.count.push(0);
    }
    return id;
  }

  private unitOf(text: string): Unit | null {
    const cjk = new Set<number>();
    const latin = new Set<number>();
    for (const { term } of tokenize(text)) {
      // A single Chinese character means too many things to link; its words and pairs carry the meaning.
      if (HAS_CJK.test(term)) {
        if (term.length > 1) cjk.add(this.intern(term));
      } else if (HAS_LETTER.test(term)) latin.add(this.intern(term));
    }
    if (cjk.size === 0 || latin.size === 0) return null;
    return [[...cjk].slice(0, MAX_SIDE), [...latin].slice(0, MAX_SIDE)];
  }

  private apply([cjk, latin]: Unit, by: 1 | -1) {
    this.units += by;
    for (const t of cjk) this.count[t]! += by;
    for (const t of latin) this.count[t]! += by;
    for (const z of cjk) {
      for (const e of latin) {
        this.both.add(z, e, by);
        this.both.add(e, z, by);
      }
    }
  }

  parts(): BridgeParts {
    const rows: [string, Unit[]][] = [...this.unitsOf].map(([key, packed]) => [key, unpack(packed)]);
    return { names: [...this.names], count: Int32Array.from(this.count), pairs: this.both.triples(), rows };
  }

  /** Takes a snapshot's parts in place of what it holds; checked whole first, so a bad snapshot changes nothing. */
  restore(parts: BridgeParts): void {
    const { names, count, pairs, rows } = parts;
    if (count.length !== names.length || pairs.length % 3 !== 0) throw new Error("bridge snapshot: tables do not fit");
    const idOf = new Map(names.map((name, id) => [name, id]));
    if (idOf.size !== names.length) throw new Error("bridge snapshot: a term is listed twice");
    for (let i = 0; i < pairs.length; i += 3) {
      const [a, b, n] = [pairs[i]!, pairs[i + 1]!, pairs[i + 2]!];
      if (!(a >= 0 && a < names.length && b >= 0 && b < names.length && n > 0))
        throw new Error("bridge snapshot: a pair names no term, or counts none");
    }
    let units = 0;
    for (const [, u] of rows) units += u.length;
    this.unitsOf.clear();
    for (const [key, u] of rows) this.unitsOf.set(key, pack(u));
    this.idOf.clear();
    for (const [k, v] of idOf) this.idOf.set(k, v);
    this.names.length = 0;
    this.count.length = 0;
    for (let id = 0; id < names.length; id++) {
      this.names.push(names[id]!);
      this.count.push(count[id]!);
    }
    this.both.load(pairs);
    this.units = units;
    this.kept.clear();
  }

  /** Replaces the units a row contributes (each pair of texts says one thing in two languages); none removes them. */
  set(key: string, texts: readonly (readonly [string, string])[]): void {
    this.kept.clear();
    const before = this.unitsOf.get(key);
    if (before) for (const unit of unpack(before)) this.apply(unit, -1);
    const units = texts.map(([a, b]) => this.unitOf(`${a}\n${b}`)).filter((u): u is Unit => u !== null);
    if (units.length === 0) this.unitsOf.delete(key);
    else this.unitsOf.set(key, pack(units));
    for (const unit of units) this.apply(unit, 1);
  }

  /** The strongest links of a term into the other language, best first (the same array while nothing changes). */
  links(term: string): readonly Link[] {
    let links = this.kept.get(term);
    if (!links) {
      if (this.kept.size >= MAX_KEPT_LINKS) this.kept.clear();
      this.kept.set(term, (links = this.strongestLinks(term)));
    }
    return links;
  }

  private strongestLinks(term: string): Link[] {
    const id = this.idOf.get(term);
    if (id === undefined) return [];
    const own = this.count[id]!;
    const out: Link[] = [];
    this.both.forEachPartner(id, (other, both) => {
      if (both < MIN_BOTH) return;
      const score = (2 * both) / (own + this.count[other]!);
      if (score >= MIN_DICE) out.push({ term: this.names[other]!, score });
    });
    return out.sort((a, b) => b.score - a.score || (a.term < b.term ? -1 : 1)).slice(0, PER_TERM);
  }

  /**
   * Terms to add to a query: the links of each query term (single CJK characters are too ambiguous to bridge),
   * weighted by the link's score, the best weight kept when two query terms link to the same term.
   */
  expand(queryTerms: readonly string[]): QueryTerm[] {
    const typed = new Set(queryTerms);
    const added = new Map<string, number>();
    for (const term of typed) {
      if (HAS_CJK.test(term) && [...term].length < 2) continue;
      for (const link of this.links(term)) {
        if (typed.has(link.term)) continue;
        added.set(link.term, Math.max(added.get(link.term) ?? 0, link.score));
      }
    }
    return [...added].map(([term, weight]) => ({ term, weight }));
  }
}

/**
 * The bilingual units of a document that carries both languages: a line holding both scripts (a heading or a
 * list item "English · 中文"), or a line in one script followed by a line in the other (a paragraph and its
 * translation).
 */
export function alignedUnits(text: string): [string, string][] {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const script = (l: string) =>
    HAS_CJK.test(l)
      ? /[a-z]{2}/i.test(l.replace(/[\p{Script=Han}]/gu, ""))
        ? "both"
        : "cjk"
      : /[a-z]{2}/i.test(l)
        ? "latin"
        : "none";
  const out: [string, string][] = [];
  for (let i = 0; i < lines.length; i++) {
    const s = script(lines[i]!);
    if (s === "both") out.push([lines[i]!, ""]);
    else if ((s === "latin" || s === "cjk") && i + 1 < lines.length) {
      const next = script(lines[i + 1]!);
      if ((s === "latin" && next === "cjk") || (s === "cjk" && next === "latin")) {
        out.push([lines[i]!, lines[i + 1]!]);
        i++;
      }
    }
  }
  return out;
}
