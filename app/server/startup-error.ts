/**
 * A reason the site cannot start that the person starting it can fix (a busy data directory, an unreachable
 * database, a read-only folder): its message is one French line, printed without a stack trace.
 */
export class StartupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StartupError";
  }
}
