/**
 * An immutable set of strings numbered 0..count-1, looked up by an open-addressing hash table in a typed array: the
 * keyword index's vocabulary (hundreds of thousands of terms in a large archive). Held as one string of every term
 * end to end, their offsets and the hash slots, instead of a Map of as many strings: a few bytes a term where a Map
 * holds several dozen, and three buffers that a snapshot writes and reads back as they are (no parsing, no hashing).
 */

export interface TermTableParts {
  /** Every term, end to end. */
  chars: string;
  /** Where each term starts in `chars`; offsets[count] is chars.length. */
  offsets: Uint32Array;
  /** The hash table: a term's number, or -1 for an empty slot; its length is a power of two. */
  slots: Int32Array;
}

/** FNV-1a over UTF-16 code units. */
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class TermTable {
  readonly count: number;
  private readonly mask: number;

  private constructor(readonly parts: TermTableParts) {
    this.count = parts.offsets.length - 1;
    this.mask = parts.slots.length - 1;
  }

  static of(terms: readonly string[]): TermTable {
    const offsets = new Uint32Array(terms.length + 1);
    for (let i = 0; i < terms.length; i++) offsets[i + 1] = offsets[i]! + terms[i]!.length;
    let size = 16;
    while (size < terms.length * 2) size *= 2;
    const slots = new Int32Array(size).fill(-1);
    const table = new TermTable({ chars: terms.join(""), offsets, slots });
    for (let id = 0; id < terms.length; id++) {
      let slot = hashOf(terms[id]!) & table.mask;
      while (slots[slot] !== -1) {
        if (table.termOf(slots[slot]!) === terms[id]) throw new Error(`term table: "${terms[id]}" is listed twice`);
        slot = (slot + 1) & table.mask;
      }
      slots[slot] = id;
    }
    return table;
  }

  /** A table from parts a snapshot kept; checks they fit together (a damaged snapshot must not be served). */
  static fromParts(parts: TermTableParts): TermTable {
    const { chars, offsets, slots } = parts;
    const count = offsets.length - 1;
    if (count < 0 || offsets[0] !== 0 || offsets[count] !== chars.length)
      throw new Error("term table: offsets do not cover the characters");
    if (slots.length < 16 || (slots.length & (slots.length - 1)) !== 0 || slots.length < count)
      throw new Error("term table: the hash table's size is not a power of two that holds every term");
    const table = new TermTable(parts);
    for (let id = 0; id < count; id++) {
      if (offsets[id + 1]! < offsets[id]!) throw new Error("term table: offsets go backwards");
      if (table.idOf(table.termOf(id)) !== id) throw new Error(`term table: term ${id} cannot be found by its hash`);
    }
    return table;
  }

  termOf(id: number): string {
    return this.parts.chars.slice(this.parts.offsets[id]!, this.parts.offsets[id + 1]!);
  }

  /** The term's number, or -1. */
  idOf(term: string): number {
    const { chars, offsets, slots } = this.parts;
    let slot = hashOf(term) & this.mask;
    for (;;) {
      const id = slots[slot]!;
      if (id === -1) return -1;
      const start = offsets[id]!;
      if (offsets[id + 1]! - start === term.length && chars.startsWith(term, start)) return id;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Bytes held (the characters counted at two bytes each). */
  bytes(): number {
    return this.parts.chars.length * 2 + this.parts.offsets.byteLength + this.parts.slots.byteLength;
  }
}
