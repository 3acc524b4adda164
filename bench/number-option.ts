/** `--name N` from a bench section's arguments: a positive number (zero too where the option allows it), or the fallback. */
export function numberOption(argv: string[], name: string, fallback: number, options: { zero?: boolean } = {}): number {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(argv[i + 1]);
  if (!Number.isFinite(n) || n < 0 || (n === 0 && !options.zero)) throw new Error(`--${name} needs a positive number`);
  return n;
}

/** `--sizes 10000,20000`: archive sizes, positive whole numbers separated by commas, or the fallback. */
export function sizesOption(argv: string[], fallback: number[]): number[] {
  const i = argv.indexOf("--sizes");
  if (i < 0) return fallback;
  const sizes = (argv[i + 1] ?? "").split(",").map(Number);
  if (!sizes.length || sizes.some((n) => !Number.isInteger(n) || n <= 0))
    throw new Error("--sizes needs positive whole numbers separated by commas");
  return sizes;
}
