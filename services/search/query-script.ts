/**
 * Which documents share a script with the query, for embedders without cross-language signal: a query with
 * Chinese, Japanese or Korean characters fits Chinese and bilingual ('plain') notes, a query with Latin letters
 * fits English and bilingual notes, a query with both fits every note. A note of unknown language always fits.
 */
import type { DocumentLang } from "../../lib/keyword/keyword-runtime.js";

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LATIN = /\p{Script=Latin}/u;

export function scriptFilter(query: string): (lang: DocumentLang | undefined) => boolean {
  const cjk = CJK.test(query);
  const latin = LATIN.test(query);
  if (cjk === latin) return () => true;
  return (lang) => lang === undefined || lang === "plain" || lang === (cjk ? "zh" : "en");
}
