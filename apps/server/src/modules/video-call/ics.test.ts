import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine, icsDate } from './ics';
import { bookingIcs, buildVideoEmail, formatInZone } from './video-call.email';

const event = {
  method: 'REQUEST' as const,
  uid: 'videollamada-1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed@rankmaps.es',
  sequence: 0,
  start: new Date('2026-12-01T08:00:00Z'),
  end: new Date('2026-12-01T08:30:00Z'),
  stamp: new Date('2026-11-26T10:21:07.123Z'),
  summary: 'Videollamada con el soporte de RankMaps',
  description: 'Tema: facturas; IVA, retenciones\\otros\nsegunda línea',
  url: 'https://meet.jit.si/RankMaps-0123456789abcdef01234567',
  organizer: { name: 'Soporte de RankMaps', email: 'soporte@rankmaps.es' },
  attendees: [{ name: 'Pérez, "Lucía"; S.L.', email: 'lucia@ejemplo.es' }],
};

/** The content lines, unfolded (a CRLF followed by one space is removed, as calendar readers do). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('the .ics invitation (docs/decisions.md §27.3)', () => {
  it('when an invitation is written, then it is a REQUEST with the UID, the SEQUENCE and the times in UTC, every line ending in CRLF', () => {
    const ics = buildIcs(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        'METHOD:REQUEST',
        `UID:${event.uid}`,
        'SEQUENCE:0',
        'DTSTAMP:20261126T102107Z',
        'DTSTART:20261201T080000Z',
        'DTEND:20261201T083000Z',
        'STATUS:CONFIRMED',
        'URL:https://meet.jit.si/RankMaps-0123456789abcdef01234567',
        'ORGANIZER;CN=Soporte de RankMaps:mailto:soporte@rankmaps.es',
      ]),
    );
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('when text carries commas, semicolons, backslashes and line breaks, then they are escaped', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    expect(unfold(buildIcs(event))).toContain('DESCRIPTION:Tema: facturas\\; IVA\\, retenciones\\\\otros\\nsegunda línea');
  });

  it('when a name has separators and quotes, then the CN parameter is quoted and the quotes dropped', () => {
    expect(unfold(buildIcs(event))).toContain('ATTENDEE;CN="Pérez, Lucía; S.L.";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:lucia@ejemplo.es');
  });

  it('when a line is longer than 75 octets, then it is folded at 75 octets, never inside a UTF-8 character', () => {
    const long = `DESCRIPTION:${'ñ'.repeat(100)}`;
    const folded = foldLine(long);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(folded).not.toContain('\uFFFD');
    expect(foldLine('SEQUENCE:1')).toBe('SEQUENCE:1');
  });

  it('when the booking is cancelled, then the same UID goes out as a CANCEL with STATUS:CANCELLED and the raised SEQUENCE', () => {
    const booking = { id: 'abc', startsAt: event.start, topic: null, meetingUrl: event.url, sequence: 2, userName: 'Lucía', userEmail: 'lucia@ejemplo.es', userTimeZone: 'America/Bogota' };
    const ctx = { supportEmail: 'soporte@rankmaps.es', teamTimeZone: 'Europe/Madrid', appUrl: 'https://app.rankmaps.es', now: event.stamp };
    const lines = unfold(bookingIcs(booking, ctx, 'cancelled'));
    expect(lines).toEqual(expect.arrayContaining(['METHOD:CANCEL', 'STATUS:CANCELLED', 'SEQUENCE:2', 'UID:videollamada-abc@app.rankmaps.es']));
    expect(unfold(bookingIcs(booking, ctx, 'moved'))).toEqual(expect.arrayContaining(['METHOD:REQUEST', 'UID:videollamada-abc@app.rankmaps.es']));
  });

  it('when the e-mails are written, then each side reads the time in its own zone, with the link', () => {
    const booking = { id: 'abc', startsAt: event.start, topic: '<b>facturas</b>', meetingUrl: event.url, sequence: 0, userName: 'Lucía', userEmail: 'lucia@ejemplo.es', userTimeZone: 'America/Bogota' };
    const ctx = { supportEmail: 'soporte@rankmaps.es', teamTimeZone: 'Europe/Madrid', appUrl: 'https://app.rankmaps.es', now: event.stamp };
    const user = buildVideoEmail('booked', booking, ctx, false).email;
    const team = buildVideoEmail('booked', booking, ctx, true).email;
    // 08:00 UTC is 3:00 in Bogotá and 9:00 in Madrid.
    expect(user.text).toContain(formatInZone(event.start, 'America/Bogota'));
    expect(user.text).toContain('3:00');
    expect(team.text).toContain('9:00');
    expect(team.text).toContain('(hora peninsular española)');
    expect(user.to).toBe('lucia@ejemplo.es');
    expect(team.to).toBe('soporte@rankmaps.es');
    for (const mail of [user, team]) {
      expect(mail.text).toContain(event.url);
      expect(mail.html).toContain('&lt;b&gt;facturas&lt;/b&gt;');
      expect(mail.html).not.toContain('<b>facturas');
    }
    expect(icsDate(new Date('2027-03-28T01:00:00Z'))).toBe('20270328T010000Z');
  });
});
