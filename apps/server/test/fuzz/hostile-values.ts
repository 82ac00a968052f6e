import fc from 'fast-check';
import { type JsonValue, JsonObject, obj, raw } from './json-text';

/**
 * Values no schema should let through: wrong types, edge numbers, hostile and huge
 * strings, deep nesting and prototype-pollution shapes. Shared by bodies, query strings
 * and path parameters.
 */

/** Strings that have broken parsers, databases and templates before. */
export const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800', // lone high surrogate
  '\uDFFF', // lone low surrogate
  '\uDBFF\uDFFF', // last astral code point
  '𝕳𝖔𝖑𝖆 😀 👩‍👩‍👧‍👦',
  '\u202Eabc\u202C', // right-to-left override
  'مرحبا بالعالم',
  'e\u0301\u0301\u0301',
  '\uFEFF',
  '\u2028\u2029',
  '\t\r\n',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1e999',
  '0x1F',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' OR 1=1; --",
  '"; DROP TABLE users; --',
  '%00',
  '%',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '\r\nX-Inyectada: 1',
  '00000000-0000-0000-0000-000000000000',
];

/** Strings of 1 KB to ~100 KB made of one hostile unit (ASCII, accented, astral, NUL, lone surrogate, Arabic digit). */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', 'ñ', '𝕏', '\u0000', '\uD800', '٣', ' ', '%'), fc.integer({ min: 1_000, max: 100_000 }))
  .map(([unit, bytes]) => unit.repeat(Math.max(1, Math.floor(bytes / Buffer.byteLength(unit)))));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) }, // any code point, lone surrogates included
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

const EDGE_NUMBERS: JsonValue[] = [
  0,
  -1,
  -1.5,
  0.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  raw('-0'),
  raw('1e999'), // parses to Infinity
  raw('-1e999'),
  raw('1e-999'), // parses to 0
  raw('123456789012345678901234567890'),
  raw('1E+2'),
];

export const hostileNumber: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  // NaN and Infinity cannot be JSON numbers; clients send them as strings.
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999'),
);

/** Objects whose keys try to reach a prototype, as own keys of the parsed body. */
export const PROTO_PAYLOADS: JsonValue[] = [
  new JsonObject([['__proto__', obj({ polluted: 'sí' })]]),
  new JsonObject([['constructor', obj({ prototype: obj({ polluted: 'sí' }) })]]),
  new JsonObject([['prototype', obj({ polluted: 'sí' })]]),
  new JsonObject([['__proto__', raw('null')]]),
];

/** Keys that name inherited members, tried as extra fields. */
export const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'isPrototypeOf',
];

const deepNesting = fc
  .constantFrom(200, 5_000)
  .chain((depth) => fc.constantFrom(raw(`${'['.repeat(depth)}${']'.repeat(depth)}`), raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)));

const scalar: fc.Arbitrary<JsonValue> = fc.oneof(fc.constant(null), fc.boolean(), hostileNumber, hostileString);

const nested: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc
      .array(fc.tuple(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTO_KEYS)), tie('value')), { maxLength: 4 })
      .map((entries) => new JsonObject(entries)),
  ),
})).value;

/** Any JSON value a schema should refuse somewhere. */
export const hostileValue: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 3, arbitrary: scalar },
  { weight: 2, arbitrary: nested },
  { weight: 1, arbitrary: fc.constantFrom<JsonValue>([], new JsonObject([]), [[[]]], [null]) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTO_PAYLOADS) },
  { weight: 1, arbitrary: deepNesting },
);

/** Text that is not JSON at all, or JSON with the wrong shape for any body. */
export const MALFORMED_JSON = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  '[1,2',
  "{'a':1}",
  '{a:1}',
  'NaN',
  'Infinity',
  '{"a":NaN}',
  '{"a":-Infinity}',
  '{"a":undefined}',
  '{"a":0x10}',
  '{"a":01}',
  '{"a":1}}',
  '{"a":1} {"b":2}',
  '/* comentario */ {}',
  '\uFEFF{}',
  '{"a":"\u0000"}', // a raw control character inside a string
  '{"a":"\\ud800\\udc00\\ud800"}',
  '{"a":"\\x41"}',
  '{"__proto__":{"polluted":"sí"}}',
  '{"constructor":{"prototype":{"polluted":"sí"}}}',
  '{"a":1,"a":2}',
  'null',
  'true',
  '"texto"',
  '-0',
];
