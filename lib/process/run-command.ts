/**
 * How every operator command ends: the exit code its main returns, or one line on standard error. A refusal the
 * operator can act on (bad arguments, bad configuration, a start-up problem, a known domain refusal) exits 2;
 * anything else exits 1. Whatever was thrown (an Error, an AggregateError, a string, undefined) becomes one line;
 * LOG_LEVEL=debug adds the stack.
 */
import { ConfigError } from "../config/config.js";
import { StartError } from "./start-error.js";
import { failureLine, wantsStack } from "./failure-line.js";

function isRefusal(e: unknown, domain: (e: Error) => boolean): boolean {
  if (!(e instanceof Error)) return false;
  if (e instanceof ConfigError || e instanceof StartError) return true;
  if ((e as { code?: unknown }).code?.toString().startsWith("ERR_PARSE_ARGS")) return true;
  try {
    return domain(e);
  } catch {
    return false;
  }
}

export function runCommand(
  name: string,
  main: (argv: string[]) => Promise<number>,
  domainRefusal: (e: Error) => boolean = () => false,
) {
  const fail = (e: unknown) => {
    const refusal = isRefusal(e, domainRefusal);
    process.stderr.write(`${name}: ${failureLine(e)}\n`);
    if (wantsStack() && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`);
    process.exit(refusal ? 2 : 1);
  };
  let running: Promise<number>;
  try {
    running = main(process.argv.slice(2));
  } catch (e) {
    return fail(e);
  }
  running.then((code) => process.exit(code), fail);
}
