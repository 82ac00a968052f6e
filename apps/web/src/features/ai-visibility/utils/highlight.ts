// The answer text cut into pieces for the point panel: the businesses an answer names are
// marked, ours apart from the competitors (issue 30 item 5). Matching is by the name as the
// answer listed it, case- and accent-insensitive, longest name first so "Clínica Sol Norte"
// is not cut at "Clínica Sol".

export interface TextPiece {
  text: string;
  /** 'target' for the tracked business, 'competitor' for another one named, null for plain text. */
  mark: 'target' | 'competitor' | null;
}

/** Lower case without accents, same length as the input (every accent is a combining mark removed after NFD of one letter). */
function fold(s: string): string {
  return [...s].map((ch) => ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().slice(0, 1) || ch).join('');
}

export function highlightAnswer(text: string, businesses: readonly { name: string; isTarget: boolean }[]): TextPiece[] {
  const names = businesses.filter((b) => b.name.trim().length > 1).sort((a, b) => b.name.length - a.name.length);
  const folded = fold(text);
  const marks: { start: number; end: number; mark: 'target' | 'competitor' }[] = [];
  for (const b of names) {
    const needle = fold(b.name);
    let from = 0;
    for (let at = folded.indexOf(needle, from); at !== -1; at = folded.indexOf(needle, from)) {
      const end = at + needle.length;
      if (!marks.some((m) => at < m.end && end > m.start)) marks.push({ start: at, end, mark: b.isTarget ? 'target' : 'competitor' });
      from = end;
    }
  }
  marks.sort((a, b) => a.start - b.start);
  const pieces: TextPiece[] = [];
  let cursor = 0;
  const chars = [...text];
  for (const m of marks) {
    if (m.start > cursor) pieces.push({ text: chars.slice(cursor, m.start).join(''), mark: null });
    pieces.push({ text: chars.slice(m.start, m.end).join(''), mark: m.mark });
    cursor = m.end;
  }
  if (cursor < chars.length) pieces.push({ text: chars.slice(cursor).join(''), mark: null });
  return pieces;
}
