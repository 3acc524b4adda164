/** Column-to-field conversions shared by the catalog stores (pg gives NULL as null, protobuf-es wants undefined). */

export const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

/** bigint columns arrive as JS numbers (lib/db/pool.ts); int64 fields are bigint. */
export const int64 = (value: number): bigint => BigInt(value);

export const optionalInt64 = (value: number | null): bigint | undefined => (value === null ? undefined : BigInt(value));
