/** One Server-Sent Event: its id (a message number on the customer stream), name and JSON data. */
export interface ParsedEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into events as EventSource does (docs/decisions.md §27.2): lines
 * `id:`, `event:`, `data:`; comment lines (`:`, the heartbeats) ignored; a blank line ends an
 * event. Fed chunk by chunk, since an event may arrive in pieces.
 */
export function createSseParser(onEvent: (event: ParsedEvent) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | undefined;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) onEvent({ id, event, data: data.join('\n') });
    }
  };
}
