/**
 * The Cache-Control of a JSON read with validators (rest/json-validators.ts), as the OpenAPI document states it: stored
 * by any cache, revalidated on every use, since the data may change at any moment and the answer needs a key.
 */
export const JSON_CACHE_CONTROL = "private, no-cache";
