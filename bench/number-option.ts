/** `--name N` from a bench section's arguments: a positive number (zero too where the option allows it), or the fallback. */
export function numberOption(argv: string[], name: string, fallback: number, options: { zero?: boolean } = {}): number {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(argv[i + 1]);
  if (!Number.isFinite(n) || n < 0 || (n === 0 && !options.zero)) throw new Error(`--${name} needs a positive number`);
  return n;
}
