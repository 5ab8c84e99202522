/**
 * A request the rules refuse, as the person reads it: the French message, the HTTP status (409: the request was
 * right, the state forbids it; 400: a value is wrong; 404: it is gone) and the form's field it is about, if one.
 * Every module's refusal is a Refusal (a subclass keeps a name where a caller treats that kind apart, as HelloAsso
 * does the book's), and an action answers any of them with `refusedBy` (admin-form.server.ts).
 */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly status = 409,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
