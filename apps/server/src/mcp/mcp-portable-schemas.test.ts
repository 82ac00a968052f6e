import { describe, expect, it } from 'vitest';
import { portableSchema, portableToolList } from './mcp-portable-schemas';

// The nullable fields of the tool schemas, rewritten from a `type` array to anyOf (docs/decisions.md §33.6).

describe('portable tool schemas', () => {
  it('when a field is `type: [X, "null"]`, then it becomes anyOf of X (with its constraints) and null, the description outside', () => {
    expect(portableSchema({ type: ['string', 'null'], format: 'date-time', description: 'Cuándo' })).toEqual({
      description: 'Cuándo',
      anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }],
    });
    expect(portableSchema({ type: 'object', properties: { n: { type: ['number', 'null'], minimum: 0 } }, required: ['n'] })).toEqual({
      type: 'object',
      properties: { n: { anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }] } },
      required: ['n'],
    });
  });

  it('when a free-form record is `additionalProperties: {}`, then it is written `true`, the same contract', () => {
    expect(portableSchema({ type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} })).toEqual({
      type: 'object',
      propertyNames: { type: 'string' },
      additionalProperties: true,
    });
    expect(portableSchema({ type: 'object', additionalProperties: { type: 'string' } })).toEqual({
      type: 'object',
      additionalProperties: { type: 'string' },
    });
  });

  it('when a schema has no type array, or another kind of answer is sent, then nothing changes', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { anyOf: [{ type: 'string' }, { type: 'null' }] } } };
    expect(portableSchema(schema)).toEqual(schema);
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '"tools" "inputSchema"' }] } });
    expect(portableToolList(call)).toBe(call);
    const list = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [
          { name: 't', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { x: { type: ['string', 'null'] } } } },
        ],
      },
    });
    expect(JSON.parse(portableToolList(list)).result.tools[0].outputSchema.properties.x).toEqual({
      anyOf: [{ type: 'string' }, { type: 'null' }],
    });
  });
});
