/** The one argument of `npm run import -- DIR` and `npm run export -- DIR`. */
import { parseArgs } from "node:util";

export class UsageError extends Error {
  override name = "UsageError";
}

export function bundleDirArgument(command: "import" | "export", argv: string[]): string {
  const usage = `usage: npm run --silent ${command} -- DIR`;
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} }));
  } catch (e) {
    throw new UsageError(`${(e as Error).message}; ${usage}`);
  }
  if (positionals.length !== 1 || positionals[0] === "") throw new UsageError(usage);
  return positionals[0]!;
}
