/**
 * The file an in-memory index is saved to, so a restarted process loads it in seconds instead of building it again
 * from the database: a header in JSON (what the index is, which database and snapshot it reflects, its sections),
 * then each section's bytes (typed arrays as they are in memory, JSON, text), then the SHA-256 of everything before
 * it. Reading checks the magic, the format version, that every section lies inside the file, and the digest, so a
 * truncated, damaged or foreign file is refused with the reason (the caller rebuilds and logs it), never served.
 *
 * Writing goes to a temporary name in the same folder, then is renamed over the old file, so a reader (another
 * replica on a shared volume, or the next start) sees the old file or the new one, never half of one.
 */
import { createHash, randomBytes } from "node:crypto";
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";

const MAGIC = Buffer.from("INSTIDX\n", "latin1");
export const SNAPSHOT_FORMAT = 1;

type Typed = Uint8Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;
const TYPES = {
  u8: Uint8Array,
  u16: Uint16Array,
  i32: Int32Array,
  u32: Uint32Array,
  f32: Float32Array,
  f64: Float64Array,
} as const;
type TypeName = keyof typeof TYPES;

/** A section: a typed array, text (UTF-16, as JavaScript holds it), or any JSON value. */
export type Section = Typed | { text: string } | { json: unknown };

interface SectionEntry {
  name: string;
  type: TypeName | "text" | "json";
  offset: number;
  bytes: number;
}

export interface SnapshotContents {
  header: Record<string, unknown>;
  sections: Map<string, Typed | string | unknown>;
}

function typeOf(a: Typed): TypeName {
  for (const [name, type] of Object.entries(TYPES)) if (a instanceof type) return name as TypeName;
  throw new Error("snapshot: unsupported array type");
}

function bytesOf(section: Section): { type: SectionEntry["type"]; data: Uint8Array } {
  if ("text" in section) return { type: "text", data: Buffer.from(section.text, "utf16le") };
  if ("json" in section) return { type: "json", data: Buffer.from(JSON.stringify(section.json), "utf8") };
  return { type: typeOf(section), data: new Uint8Array(section.buffer, section.byteOffset, section.byteLength) };
}

const pad8 = (n: number) => (8 - (n % 8)) % 8;

/** Writes `header` and `sections` to `file` (atomically: a temporary file renamed over it). */
export function writeSnapshot(
  file: string,
  header: Record<string, unknown>,
  sections: Record<string, Section>,
): number {
  const parts = Object.entries(sections).map(([name, s]) => ({ name, ...bytesOf(s) }));
  const entries: SectionEntry[] = [];
  let offset = 0;
  for (const p of parts) {
    entries.push({ name: p.name, type: p.type, offset, bytes: p.data.byteLength });
    offset += p.data.byteLength + pad8(p.data.byteLength);
  }
  const head = Buffer.from(JSON.stringify({ ...header, format: SNAPSHOT_FORMAT, sections: entries }), "utf8");
  const headLength = Buffer.alloc(4);
  headLength.writeUInt32LE(head.byteLength);
  const lead = Buffer.concat([MAGIC, headLength, head, Buffer.alloc(pad8(MAGIC.length + 4 + head.byteLength))]);
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const fd = openSync(temporary, "w");
  const digest = createHash("sha256");
  let written = 0;
  const put = (data: Uint8Array) => {
    digest.update(data);
    for (let at = 0; at < data.byteLength;) at += writeSync(fd, data, at);
    written += data.byteLength;
  };
  try {
    put(lead);
    for (const p of parts) {
      put(p.data);
      put(Buffer.alloc(pad8(p.data.byteLength)));
    }
    const sum = digest.digest();
    writeSync(fd, sum);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw e;
  }
  closeSync(fd);
  renameSync(temporary, file);
  return written + 32;
}

/** Reads a snapshot; throws with the reason when the file is not a whole, undamaged snapshot of this format. */
export function readSnapshot(file: string): SnapshotContents {
  const all = readFileSync(file);
  if (all.byteLength < MAGIC.length + 4 + 32 || !all.subarray(0, MAGIC.length).equals(MAGIC))
    throw new Error("not an index snapshot");
  const body = all.subarray(0, all.byteLength - 32);
  if (
    !createHash("sha256")
      .update(body)
      .digest()
      .equals(all.subarray(all.byteLength - 32))
  )
    throw new Error("damaged: its checksum does not match");
  const headLength = all.readUInt32LE(MAGIC.length);
  const headEnd = MAGIC.length + 4 + headLength;
  if (headEnd > body.byteLength) throw new Error("damaged: the header runs past the end");
  const header = JSON.parse(all.toString("utf8", MAGIC.length + 4, headEnd)) as Record<string, unknown>;
  if (header.format !== SNAPSHOT_FORMAT) throw new Error(`format ${String(header.format)}, not ${SNAPSHOT_FORMAT}`);
  const start = headEnd + pad8(headEnd);
  // The sections are copied out of the file's buffer, aligned for their type (a Buffer from readFileSync may sit at
  // any offset of a shared pool).
  const sections = new Map<string, Typed | string | unknown>();
  for (const e of header.sections as SectionEntry[]) {
    const from = start + e.offset;
    if (from + e.bytes > body.byteLength) throw new Error(`damaged: section ${e.name} runs past the end`);
    const data = all.subarray(from, from + e.bytes);
    if (e.type === "text") sections.set(e.name, data.toString("utf16le"));
    else if (e.type === "json") sections.set(e.name, JSON.parse(data.toString("utf8")));
    else {
      const Type = TYPES[e.type];
      if (!Type || e.bytes % Type.BYTES_PER_ELEMENT !== 0) throw new Error(`damaged: section ${e.name}`);
      const copy = new Type(e.bytes / Type.BYTES_PER_ELEMENT);
      new Uint8Array(copy.buffer).set(data);
      sections.set(e.name, copy);
    }
  }
  return { header, sections };
}

/** A section of the type asked for, or an error naming it. */
export function section<T>(contents: SnapshotContents, name: string, check: (v: unknown) => v is T): T {
  const value = contents.sections.get(name);
  if (!check(value)) throw new Error(`section ${name} is missing or of another type`);
  return value;
}
