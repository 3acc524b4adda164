/**
 * The day every bench's synthesised archive is generated as of. The demo generator dates its notes back from it, so
 * the sections that synthesise the same size and seed (the search section's large run, graph-tuning, library, the
 * A/B scripts) measure the same notes, and their figures compare only because this is one date.
 */
export const ARCHIVE_AS_OF = Date.UTC(2026, 10, 21, 10, 0, 0);
