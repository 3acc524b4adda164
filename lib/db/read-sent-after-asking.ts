/**
 * One read shared by the callers that ask while an earlier one is on its way, never the one already sent: a caller
 * gets the answer of a read sent after it asked, so the answer holds everything committed before it asked (each
 * statement sees what was committed when it began), as if it had read alone. With nothing on its way the read is
 * sent at once; while one is, the callers that ask share the next, sent when that one settles. Under concurrent
 * load that is one read per round trip instead of one per caller; alone, a caller waits for nothing more.
 *
 * The answer is shared: callers must not change it.
 */
export function readSentAfterAsking<T>(read: () => Promise<T>): () => Promise<T> {
  /** The read sent last, settled or not, until it settles. */
  let sent: Promise<void> | null = null;
  /** The read the callers asking now share, sent when `sent` settles. */
  let next: Promise<T> | null = null;
  const send = (): Promise<T> => {
    const answer = read();
    const settled = answer.then(
      () => {},
      () => {},
    );
    sent = settled;
    void settled.then(() => {
      if (sent === settled) sent = null;
    });
    return answer;
  };
  return () => {
    if (sent === null) return send();
    next ??= sent.then(() => {
      next = null;
      return send();
    });
    return next;
  };
}
