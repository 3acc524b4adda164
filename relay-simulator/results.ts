/** What the simulated relay's workers "produce": deterministic, so tests and the demo can predict it. */

const STOP = new Set(
  "the a an and or of to in on for with by from at as is are was were be been will would should could this that these those its it their our".split(
    " ",
  ),
);

/** chain_tag: the statement's distinct longer words, at most four. */
export function tagsFor(statement: string): string[] {
  const words = statement.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 4 && !STOP.has(w)))].slice(0, 4);
}

const ACTION_HINT = /\b(should|must|will|plan|recommend|watch|monitor|buy|sell|hold|reduce|increase|review|expect)\b/i;

/** logic_extract: sentences that read like actions (or the first sentence), at most five. */
export function actionsFor(text: string): { text: string; owner: string | null; due: string | null }[] {
  const sentences = text
    .split(/(?<=[.!?。！？])\s+|\n+/)
    .map((s) => s.replace(/^[#>*\-\s]+/, "").trim())
    .filter((s) => s.length >= 8);
  const picked = sentences.filter((s) => ACTION_HINT.test(s));
  return (picked.length ? picked : sentences.slice(0, 1))
    .slice(0, 5)
    .map((s) => ({ text: s.slice(0, 300), owner: null, due: null }));
}
