/**
 * Progress of an import or export on standard error: on a terminal, one line per kind updated in place (lines and
 * rate); otherwise (a pipe, a log file) one plain line per kind when it is done, so logs stay readable.
 */
export interface Progress {
  start(kind: string): void;
  add(kind: string, lines: number): void;
  /** Ends the kind's line; `note` is appended (what was new or changed, say). */
  done(kind: string, note?: string): void;
}

export const silentProgress: Progress = { start() {}, add() {}, done() {} };

const REDRAW_MS = 100;

export function createProgress(
  out: NodeJS.WriteStream | { write(s: string): unknown; isTTY?: boolean },
  verb: string,
  now = () => performance.now(),
): Progress {
  const tty = Boolean(out.isTTY);
  let kind = "";
  let lines = 0;
  let started = 0;
  let drawn = 0;
  const text = () => {
    const seconds = Math.max((now() - started) / 1000, 1e-3);
    return `${verb} ${kind}: ${lines.toLocaleString("en-US")} lines, ${Math.round(lines / seconds).toLocaleString("en-US")} lines/s`;
  };
  return {
    start(name) {
      kind = name;
      lines = 0;
      started = drawn = now();
      if (tty) out.write(`\r\x1b[K${text()}`);
    },
    add(_name, n) {
      lines += n;
      if (tty && now() - drawn >= REDRAW_MS) {
        drawn = now();
        out.write(`\r\x1b[K${text()}`);
      }
    },
    done(_name, note) {
      const line = `${text()}${note ? ` (${note})` : ""}`;
      out.write(tty ? `\r\x1b[K${line}\n` : `${line}\n`);
    },
  };
}
