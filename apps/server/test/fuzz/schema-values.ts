import fc from 'fast-check';
import { z } from 'zod';
import { hostileValue, PROTO_KEYS, PROTO_PAYLOADS } from './hostile-values';
import { type JsonValue, JsonObject, fromPlain, withEntry } from './json-text';

/** The part of JSON Schema that zod's toJSONSchema writes for this API's inputs. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

/**
 * A route's zod schema as JSON Schema (the input side); undefined when the route has none.
 * A schema zod cannot describe reads as "anything": its route is still fuzzed, with hostile values.
 */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/**
 * Strings the API knows: the ids of the signed-in user's real resources, those whose kind
 * matches the hint first ("place" for placeId or /place/:id). String fields whose name
 * says they hold an id get one of them in some runs, so that a request gets past "not
 * found" into the handler.
 */
export type KnownIds = (hint: string) => readonly string[];

/** What a valid input of the route looks like: its schema's own check, and inputs seen accepted. */
export interface Validity {
  accepts(value: unknown): boolean;
  examples(): readonly JsonValue[];
}

const isIdName = (name: string) => /(^id$|Id$)/.test(name);
/** "placeId" → "place": the kind of resource an id field names. */
export const idHint = (name: string) => name.replace(/Id$/, '');
const clampRange = (min: number | undefined, max: number | undefined, lo: number, hi: number) => {
  // zod writes ±MAX_SAFE_INTEGER for a bare int(); a plausible value is a small one.
  const from = min === undefined || min < -1e6 ? lo : min;
  const to = max === undefined || max > 1e6 ? Math.max(hi, from) : max;
  return { min: from, max: Math.max(from, to) };
};

function plausibleString(s: JsonSchema, name: string, known: KnownIds): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 40, 40));
  let generated: fc.Arbitrary<string>;
  if (s.pattern) generated = fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity));
  else if (/email/i.test(name)) generated = fc.emailAddress().filter((v) => v.length <= (s.maxLength ?? 254));
  else if (/date|For$|At$/i.test(name))
    generated = fc
      .date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') })
      .map((d) => (/Date$/.test(name) ? d.toISOString().slice(0, 10) : d.toISOString()));
  else generated = fc.string({ minLength: min, maxLength: max });
  if (!isIdName(name)) {
    // Numbers in strings (coordinates, dates as numbers in query strings) are common inputs.
    return s.pattern
      ? generated
      : fc.oneof(
          { weight: 3, arbitrary: generated },
          {
            weight: 1,
            arbitrary: fc.oneof(fc.integer({ min: -180, max: 180 }), fc.double({ min: -180, max: 180, noNaN: true })).map(String),
          },
        );
  }
  const real = fc.constant(null).chain(() => {
    const ids = known(idHint(name));
    return ids.length ? fc.constantFrom(...ids) : generated;
  });
  return fc.oneof({ weight: 2, arbitrary: real }, { weight: 1, arbitrary: generated });
}

/** A value that satisfies the schema's types and bounds: the starting point of a mutation. */
export function plausible(s: JsonSchema, known: KnownIds, name = ''): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => plausible(a, known, name)));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => plausible({ ...s, type }, known, name)));
  switch (types[0]) {
    case 'string':
      return plausibleString(s, name, known);
    case 'integer': {
      const { min, max } = clampRange(s.minimum, s.maximum, -10, 100);
      const step = s.multipleOf ?? 1;
      return fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) }).map((k) => k * step);
    }
    case 'number': {
      const { min, max } = clampRange(s.minimum ?? s.exclusiveMinimum, s.maximum ?? s.exclusiveMaximum, -1000, 1000);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausible(s.items ?? {}, known), { maxLength: 3 });
    case 'object': {
      const props = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([key, prop]) => [key, plausible(prop, known, key)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      // No type: the schema takes anything (e.g. fields documented as ignored).
      return fc.constantFrom('texto', 1, true, null);
  }
}

/** The object shapes a body may take (one per anyOf branch), to mutate field by field. */
function objectShapes(s: JsonSchema): JsonSchema[] {
  if (s.type === 'object' && s.properties) return [s];
  return (s.anyOf ?? s.oneOf ?? []).flatMap(objectShapes);
}

interface PropertyPath {
  path: string[];
  object: boolean;
  /** A free-text field (a string without enum or pattern) and its maximum length. */
  text?: { maxLength: number };
}

/** Paths ("a", "a.b") of every property of an object shape, nested objects included. */
function propertyPaths(s: JsonSchema, prefix: string[] = []): PropertyPath[] {
  return Object.entries(s.properties ?? {}).flatMap(([key, prop]) => {
    const path = [...prefix, key];
    const inner = objectShapes(prop)[0];
    const types = [prop.type, ...(prop.anyOf ?? []).map((a) => a.type)].flat();
    const text = types.includes('string') && !prop.enum && !prop.pattern ? { maxLength: prop.maxLength ?? 200 } : undefined;
    return [{ path, object: Boolean(inner), ...(text ? { text } : {}) }, ...(inner ? propertyPaths(inner, path) : [])];
  });
}

/** Characters that pass a length check but not every layer below it: NUL, lone surrogates, bidi overrides, escapes, LIKE wildcards. */
const TAINTS = ['\u0000', '\uD800', '\uDFFF', '\u202E', '\uFEFF', '\u0007', '𝕏', '\\', "'", '"', '%', '_', '\n'];

/** Those that no PostgreSQL text or jsonb value can hold as they are. */
const UNSTORABLE = ['\u0000', '\uD800', '\uDFFF'];

/** A short, otherwise ordinary text with one such character inside, within the field's length limit. */
const taintedText = (maxLength: number) =>
  fc
    .tuple(
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 6 }),
      fc.oneof(fc.constantFrom(...UNSTORABLE), fc.constantFrom(...TAINTS)),
      fc.string({ unit: 'grapheme-ascii', maxLength: 6 }),
    )
    .map(([a, t, b]) => `${a}${t}${b}`.slice(0, Math.max(1, maxLength)));

/** Replaces (or removes, with undefined) the value at a path; missing parents are created. */
function setAt(value: JsonValue, path: string[], next: JsonValue | undefined): JsonValue {
  const [head, ...rest] = path;
  if (head === undefined) return next ?? null;
  const target = value instanceof JsonObject ? value : new JsonObject([]);
  const current = target.entries.find(([k]) => k === head)?.[1] ?? null;
  return withEntry(target, head, rest.length ? setAt(current, rest, next) : next);
}

function addEntries(value: JsonValue, path: string[], extra: readonly (readonly [string, JsonValue])[]): JsonValue {
  const [head, ...rest] = path;
  const target = value instanceof JsonObject ? value : new JsonObject([]);
  if (head === undefined) return new JsonObject([...target.entries, ...extra]);
  const current = target.entries.find(([k]) => k === head)?.[1] ?? null;
  return withEntry(target, head, addEntries(current, rest, extra));
}

const extraKey = fc.oneof(
  fc.constantFrom(...PROTO_KEYS),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('userId', 'role', 'isAdmin', 'id', 'credits'),
);
const extraValue = fc.oneof(hostileValue, fc.constantFrom(...PROTO_PAYLOADS));

/** How many plausible candidates are tried for one that the route's schema accepts. */
const CANDIDATES = 24;

/**
 * An input the route's own schema accepts, so that the handler runs: one of the examples
 * seen accepted, or the first of a batch of plausible candidates that passes the schema's
 * refinements (odd grid sizes, ordered dates...) which types and bounds alone do not say.
 */
function validInput(s: JsonSchema, known: KnownIds, validity: Validity): fc.Arbitrary<JsonValue> {
  const searched = fc
    .array(plausible(s, known), { minLength: CANDIDATES, maxLength: CANDIDATES })
    .map((candidates) => fromPlain(candidates.find((c) => validity.accepts(c)) ?? candidates[0]));
  const seen = fc.constant(null).chain(() => {
    const examples = validity.examples();
    return examples.length ? fc.constantFrom(...examples) : searched;
  });
  return fc.oneof(searched, seen);
}

/**
 * Bodies (or query objects) for one schema: valid ones; valid ones with one free-text field
 * tainted; ones with a single field dropped or given a hostile value; ones with extra and
 * prototype keys (at the top or inside a nested object); hostile values in place of the
 * whole thing.
 */
export function inputsFor(s: JsonSchema, known: KnownIds, validity: Validity): fc.Arbitrary<JsonValue> {
  const shapes = objectShapes(s);
  const valid = validInput(s, known, validity);
  if (shapes.length === 0) return fc.oneof(valid, hostileValue);
  const mutations = shapes.flatMap((shape) => {
    const validBase = validInput(shape, known, validity);
    const base = fc.oneof(validBase, plausible(shape, known).map(fromPlain));
    const paths = propertyPaths(shape);
    const objectPaths = [[], ...paths.filter((p) => p.object).map((p) => p.path)];
    const arbs: fc.WeightedArbitrary<JsonValue>[] = [
      {
        weight: 1,
        arbitrary: fc
          .tuple(base, fc.constantFrom(...objectPaths), fc.array(fc.tuple(extraKey, extraValue), { minLength: 1, maxLength: 3 }))
          .map(([b, path, extra]) => addEntries(b, path, extra)),
      },
    ];
    if (paths.length) {
      const path = fc.constantFrom(...paths.map((p) => p.path));
      arbs.push({ weight: 2, arbitrary: fc.tuple(base, path, hostileValue).map(([b, p, v]) => setAt(b, p, v)) });
      arbs.push({ weight: 1, arbitrary: fc.tuple(base, path).map(([b, p]) => setAt(b, p, undefined)) });
    }
    const texts = paths.filter((p) => p.text);
    if (texts.length) {
      // Valid in every other respect, so the tainted text travels as far as it can: to the database.
      const tainted = fc.constantFrom(...texts).chain((p) => taintedText(p.text!.maxLength).map((t) => [p.path, t] as const));
      arbs.push({ weight: 3, arbitrary: fc.tuple(validBase, tainted).map(([b, [p, t]]) => setAt(b, p, t)) });
    }
    return arbs;
  });
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 7, arbitrary: fc.oneof(...mutations) },
    { weight: 1, arbitrary: hostileValue },
  );
}
