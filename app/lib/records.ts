/**
 * The value `record` holds itself under `key`, or undefined: a key that came from a visitor (a field named
 * « toString », « constructor » or « __proto__ », a `?fait=` in an address) never reaches what every object inherits.
 */
export function own<Value>(
  record: Readonly<Record<string, Value>> | null | undefined,
  key: string | null | undefined,
): Value | undefined {
  return record && key != null && Object.hasOwn(record, key) ? record[key] : undefined;
}
