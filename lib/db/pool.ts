/** node-postgres pools with the type parsing this product relies on. */
import pg from "pg";

// Dates stay YYYY-MM-DD strings (no time-zone shift); bigint epoch milliseconds fit a JS number.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Pool = pg.Pool;

export function createPool(url: string, options: { max?: number; name: string }): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, application_name: options.name });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  return pool;
}
