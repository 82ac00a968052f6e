/**
 * The .ics invitation of a video call (docs/decisions.md §27.3): an iCalendar (RFC 5545)
 * message with one event, written by hand because it is small: CRLF line ends, lines folded
 * at 75 octets without splitting a UTF-8 character, TEXT values escaped. A REQUEST invites
 * (and, with a higher SEQUENCE and the same UID, moves); a CANCEL withdraws it.
 */

export interface IcsEvent {
  method: 'REQUEST' | 'CANCEL';
  /** Stable for the booking's whole life, so calendars update the event instead of adding one. */
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  /** When this version was written (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
  url: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
}

/** TEXT escaping: backslash, semicolon, comma, and line breaks as \n. */
export const escapeText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value (CN): quoted when it holds `:;,`, with the quote itself (not allowed) removed, on one line. */
const paramValue = (s: string) => {
  const clean = [...s].filter((c) => c !== '"' && c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127).join('');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
};

/** UTC date-time form: 20261201T090000Z. */
export const icsDate = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Folds a content line to 75 octets a line, continuing with CRLF and a space, never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74; // the continuation's leading space counts
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(e: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//RankMaps//Videollamadas de soporte//ES',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icsDate(e.stamp)}`,
    `DTSTART:${icsDate(e.start)}`,
    `DTEND:${icsDate(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    `LOCATION:${escapeText(e.url)}`,
    `URL:${e.url}`,
    `ORGANIZER;CN=${paramValue(e.organizer.name)}:mailto:${e.organizer.email}`,
    ...e.attendees.map((a) => `ATTENDEE;CN=${paramValue(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${a.email}`),
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
