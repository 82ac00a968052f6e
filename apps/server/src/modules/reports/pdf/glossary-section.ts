import { COLOR, CONTENT_WIDTH, F, MARGIN } from './layout';
import type { ReportWriter } from './report-writer';

// «Qué significa cada cifra»: the report goes to clients who never opened the app, so every
// figure it shows is explained in plain words at the end of each analysis.

const TERMS: [string, string][] = [
  [
    'GeoRank',
    'tu visibilidad local de 0 a 100. Cada punto en el top 3 suma 1, del 4 al 10 suma la mitad, del 11 al 20 una cuarta parte, y donde no apareces no suma. Más alto es mejor.',
  ],
  ['Posición media', 'en qué posición sueles aparecer cuando apareces. Más baja es mejor.'],
  ['Posición media total', 'tu posición típica en toda la zona, contando como 21 los puntos donde no apareces. Más baja es mejor.'],
  ['% Local Pack', 'en qué parte de la zona estás entre los 3 primeros, los que Google destaca y se llevan más clics.'],
  ['% encontrado', 'en qué parte de la zona apareces entre los 20 primeros.'],
  ['Índice de visibilidad', 'cuánto se te ve, de 0 a 100, según cada posición: la 1.ª vale 1, la 20.ª 0,05 y no aparecer, 0.'],
  ['+20', 'no apareces entre los 20 primeros resultados en ese punto. Los anuncios nunca cuentan para las posiciones.'],
];

export function drawGlossary(writer: ReportWriter): void {
  writer.h2('Qué significa cada cifra', 120);
  const { doc } = writer;
  for (const [term, text] of TERMS) {
    doc.font(F.regular).fontSize(8.5);
    const h = doc.heightOfString(`${term}: ${text}`, { width: CONTENT_WIDTH });
    writer.ensureSpace(h + 3);
    doc.font(F.bold).fillColor(COLOR.ink).text(`${term}: `, MARGIN.left, doc.y, { width: CONTENT_WIDTH, continued: true, lineGap: 1 });
    doc.font(F.regular).fillColor(COLOR.muted).text(text, { lineGap: 1 });
    doc.moveDown(0.25);
  }
}
