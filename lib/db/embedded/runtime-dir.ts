/**
 * The default of EMBEDDED_POSTGRES_RUNTIME_DIR: where a root process keeps what its unprivileged server user must
 * reach (staged binaries, clusters moved out of a private DATA_DIR). Only root ever writes there.
 */
export const DEFAULT_RUNTIME_DIR = "/var/lib/institute-embedded-postgres";
