/** What the governor's stores run their SQL on: the owner pool, or one client holding a lock or a transaction. */
import type pg from "pg";

export interface Queryable {
  query<R extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}
