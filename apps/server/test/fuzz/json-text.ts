/**
 * JSON as the fuzzer writes it: built by hand rather than by JSON.stringify, so that a
 * body can hold what a JavaScript object cannot express — `__proto__` as an own key,
 * duplicate keys, and number tokens such as `1e999` that no finite double prints as.
 */

/** A token written verbatim into the JSON text (e.g. `1e999`, `-0`, a 30-digit integer). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object as a list of entries: keys may repeat and may be `__proto__`. */
export class JsonObject {
  constructor(readonly entries: readonly (readonly [string, JsonValue])[]) {}
}

export type JsonValue = null | boolean | number | string | RawJson | JsonObject | readonly JsonValue[];

export const raw = (text: string) => new RawJson(text);
export const obj = (entries: Record<string, JsonValue>) => new JsonObject(Object.entries(entries));

export function toJsonText(value: JsonValue): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonObject) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map((v: JsonValue) => toJsonText(v)).join(',')}]`;
  // JSON.stringify escapes NUL and lone surrogates (\u0000, \ud800), so the text stays valid JSON.
  return JSON.stringify(value);
}

/**
 * A plain value (what the schema generator builds) as a JsonValue. Fuzzer-made parts
 * (RawJson, JsonObject) found inside are kept as they are.
 */
export function fromPlain(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (value instanceof RawJson || value instanceof JsonObject) return value;
  if (Array.isArray(value)) return value.map(fromPlain);
  if (typeof value === 'object') return new JsonObject(Object.entries(value).map(([k, v]) => [k, fromPlain(v)] as const));
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  // Functions, symbols, bigints: no JSON form; the generators never make them.
  return null;
}

/** A shallow copy of an object value with an entry replaced (or removed, with `undefined`). */
export function withEntry(target: JsonObject, key: string, value: JsonValue | undefined): JsonObject {
  const rest = target.entries.filter(([k]) => k !== key);
  return new JsonObject(value === undefined ? rest : [...rest, [key, value]]);
}
