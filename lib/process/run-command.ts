/**
 * How every operator command ends: the exit code its main returns, or one line on standard error. A refusal the
 * operator can act on (bad arguments, bad configuration, a known domain refusal) prints its message and exits 2;
 * anything else prints the stack and exits 1.
 */
import { ConfigError } from "../config.js";

export function runCommand(name: string, main: (argv: string[]) => Promise<number>, isRefusal: (e: Error) => boolean = () => false) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: Error) => {
      const refusal = e instanceof ConfigError || (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS") || isRefusal(e);
      process.stderr.write(`${name}: ${refusal ? e.message : e.stack}\n`);
      process.exit(refusal ? 2 : 1);
    },
  );
}
