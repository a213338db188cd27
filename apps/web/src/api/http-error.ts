/** A failed call: the HTTP status (0 when no answer came) and what the server said. */
export class HttpError extends Error {
  readonly status: number;
  /** The server's `message`, or null when there was no answer or no message. */
  readonly serverMessage: string | null;
  /** The login failure text (`error`), when the server sent one. */
  readonly serverError: string | null;
  /** Validation details: `{field: [messages]}`. */
  readonly fieldErrors: Record<string, string[]>;
  /** True when the session ended (refresh failed) and the visitor is being sent to the login page. */
  readonly isSessionLost: boolean;
  /**
   * A stale write's 409 `current`: the row as it is saved now (someone changed it after it was
   * read); null for any other failure.
   */
  readonly current: Record<string, unknown> | null;

  constructor(
    status: number,
    body: unknown,
    options: { isSessionLost?: boolean; description?: string } = {},
  ) {
    const record = isRecord(body) ? body : {};
    const serverMessage = typeof record.message === 'string' && record.message !== '' ? record.message : null;
    super(serverMessage ?? options.description ?? `HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.serverError = typeof record.error === 'string' && record.error !== '' ? record.error : null;
    this.fieldErrors = readFieldErrors(record.errors);
    this.isSessionLost = options.isSessionLost ?? false;
    this.current = status === 409 && isRecord(record.current) ? record.current : null;
  }

  /** A write refused because the row changed since it was read (409 with `current`). */
  get isStaleWrite(): boolean {
    return this.current !== null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) errors[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') errors[field] = [messages];
  }
  return errors;
}
