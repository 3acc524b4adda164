/**
 * The built-in embedder: no model download. Latin text contributes words and character trigrams, CJK text
 * contributes characters and character bigrams; each feature is hashed (signed) into a fixed number of
 * dimensions, weighted by log(1 + tf), and the vector is L2-normalised. Deterministic across runs and machines.
 */
import { normalise, type Embedder } from "./embedder.js";

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const TOKEN = /[\u3400-\u9fff\uf900-\ufaff]+|[\p{L}\p{N}]+/gu;

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function features(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (f: string) => counts.set(f, (counts.get(f) ?? 0) + 1);
  for (const token of text.normalize("NFKC").toLowerCase().match(TOKEN) ?? []) {
    if (CJK.test(token)) {
      const chars = [...token];
      chars.forEach((c, i) => {
        add(`c:${c}`);
        if (i + 1 < chars.length) add(`b:${c}${chars[i + 1]}`);
      });
    } else {
      add(`w:${token}`);
      const padded = `^${token}$`;
      for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`);
    }
  }
  return counts;
}

export function createHashedNgramEmbedder(dimensions = 384): Embedder {
  return {
    model: `builtin-hashed-ngram-${dimensions}`,
    crossLingual: false,
    dimensions,
    async embed(texts) {
      return texts.map((text) => {
        const v = new Float32Array(dimensions);
        for (const [feature, tf] of features(text)) {
          const h = fnv1a(feature);
          v[h % dimensions]! += (h & 0x80000000 ? -1 : 1) * Math.log1p(tf);
        }
        return normalise(v);
      });
    },
  };
}
