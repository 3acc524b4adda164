/**
 * A list read one row past its limit: the extra row is never returned, it only tells whether more rows follow, so
 * `has_more` is observed rather than guessed from a full page, and no caller has to over-fetch.
 */

export interface ListPage<Row> {
  rows: Row[];
  hasMore: boolean;
}

/** The SQL LIMIT that reads one row past `limit`. */
export const withLookahead = (limit: number) => limit + 1;

/** The first `limit` of rows read with `withLookahead(limit)`, and whether a row was left out. */
export function pageOf<Row>(fetched: readonly Row[], limit: number): ListPage<Row> {
  return { rows: fetched.slice(0, limit), hasMore: fetched.length > limit };
}
