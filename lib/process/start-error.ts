/**
 * A start-up failure the operator fixes by changing one thing (DATA_DIR, a port, a permission). Entry points print
 * its message as one line and exit non-zero; it never carries a stack trace to the terminal.
 */
export class StartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartError";
  }
}
