/** The shape of the institute's research vocabulary: every phrase comes as an English and Chinese pair. */

export interface Pair {
  en: string;
  zh: string;
}

export interface Metric {
  en: string;
  zh: string;
  /** Unit after the value (may be empty): "%", " US$/bbl" / "美元/桶". */
  unit: Pair;
  /** "rate": changes are quoted in basis points; "price": in percent. */
  kind: "rate" | "price";
  base: number;
  /** Typical relative (price) or absolute (rate) daily move. */
  step: number;
  decimals: number;
}

export interface Topic {
  id: string;
  en: string;
  zh: string;
  /** Analysts who cover it. */
  desks: string[];
  /** Specific subjects a thread, note or report can be about. */
  subjects: Pair[];
  questions: Pair[];
  metrics: Metric[];
  entities: Pair[];
  drivers: Pair[];
  risks: Pair[];
  /** Product or capacity facts, for 'spec' claims. */
  specs: Pair[];
  places: Pair[];
  tags: string[];
}

export const pair = (en: string, zh: string): Pair => ({ en, zh });

export const rate = (en: string, zh: string, base: number, step: number, decimals = 2): Metric => ({
  en,
  zh,
  unit: pair("%", "%"),
  kind: "rate",
  base,
  step,
  decimals,
});

export const price = (en: string, zh: string, unit: Pair, base: number, step: number, decimals = 2): Metric => ({
  en,
  zh,
  unit,
  kind: "price",
  base,
  step,
  decimals,
});
