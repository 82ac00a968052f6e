import { describe, expect, it } from 'vitest';
import { type ParsedEvent, createSseParser } from './sse-parser';

describe('createSseParser', () => {
  it('when events arrive split across chunks with heartbeats between, then each is parsed once with its id and name', () => {
    const events: ParsedEvent[] = [];
    const feed = createSseParser((e) => events.push(e));
    feed('retry: 2000\n\n: latido\n\nid: 4\nevent: mensaje\nda');
    expect(events).toEqual([]);
    feed('ta: {"a":1}\n\nevent: escribiendo\r\ndata: {"b":2}\r\n\r\n');
    expect(events).toEqual([
      { id: '4', event: 'mensaje', data: '{"a":1}' },
      { id: undefined, event: 'escribiendo', data: '{"b":2}' },
    ]);
  });
});
