/**
 * Where a process keeps its index snapshots (INDEX_DIR) and what every snapshot there must match to be loaded: the
 * database it reflects (database-identity.ts). A snapshot that is missing, damaged, of another format or another
 * database is reported once, with its reason, and the index is built from the database instead; a snapshot that
 * cannot be written is reported and the process goes on without it.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { sameDatabase, type DatabaseIdentity } from "./database-identity.js";
import { readSnapshot, writeSnapshot, type Section, type SnapshotContents } from "./snapshot-file.js";

export interface SnapshotLog {
  info(message: string): void;
  warn(message: string): void;
}

export class SnapshotPlace {
  constructor(
    readonly dir: string,
    readonly identity: DatabaseIdentity,
    readonly log: SnapshotLog,
  ) {}

  file(name: string): string {
    return path.join(this.dir, name);
  }

  /**
   * The snapshot `name` when it exists and its header has every `expected` value and this database; otherwise null,
   * the reason logged ("missing" only at info: a first start has none).
   */
  read(name: string, what: string, expected: Record<string, unknown>): SnapshotContents | null {
    const file = this.file(name);
    let contents: SnapshotContents;
    try {
      contents = readSnapshot(file);
    } catch (e) {
      const missing = (e as NodeJS.ErrnoException).code === "ENOENT";
      if (missing) this.log.info(`${what}: no snapshot at ${file}, building from the database`);
      else this.log.warn(`${what}: snapshot ${file} not used (${(e as Error).message}), building from the database`);
      return null;
    }
    const wrong = Object.entries(expected).find(([k, v]) => JSON.stringify(contents.header[k]) !== JSON.stringify(v));
    const why = wrong
      ? `its ${wrong[0]} is ${JSON.stringify(contents.header[wrong[0]])}, not ${JSON.stringify(wrong[1])}`
      : !sameDatabase(contents.header.database, this.identity)
        ? `it was made from another database (${JSON.stringify(contents.header.database)})`
        : null;
    if (why) {
      this.log.warn(`${what}: snapshot ${file} not used (${why}), building from the database`);
      return null;
    }
    return contents;
  }

  /** Writes the snapshot; false (and a warning) when it cannot be written. */
  write(name: string, what: string, header: Record<string, unknown>, sections: Record<string, Section>): boolean {
    const file = this.file(name);
    try {
      mkdirSync(this.dir, { recursive: true });
      const started = performance.now();
      const bytes = writeSnapshot(file, { ...header, database: this.identity }, sections);
      this.log.info(
        `${what}: saved to ${file} (${(bytes / 2 ** 20).toFixed(1)} MiB in ${Math.round(performance.now() - started)} ms)`,
      );
      return true;
    } catch (e) {
      this.log.warn(`${what}: snapshot ${file} not written: ${(e as Error).message}`);
      return false;
    }
  }

  /** The place a snapshot that failed a check after its header (its sections) is reported from. */
  rejected(name: string, what: string, reason: string) {
    this.log.warn(`${what}: snapshot ${this.file(name)} not used (${reason}), building from the database`);
  }
}
