import PDFDocument from 'pdfkit';
import { formatAmount } from '../account-mail/account-mail.templates';
import { reportFonts } from '../reports/pdf/fonts';
import { formatShortDate } from '../reports/pdf/format';
import type { InvoiceParty, InvoiceRow } from './invoices.repository';

// RankMaps' own invoice as an A4 PDF, in Spanish (docs/billing.md, "Invoices"): what a Spanish
// company needs to book it. Drawn with pdfkit and the report's bundled DejaVu faces.

type Doc = PDFKit.PDFDocument;

const PAGE_WIDTH = 595.28;
const MARGIN = 56;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
const REGULAR = 'invoice-regular';
const BOLD = 'invoice-bold';
/** Invoices are dated on the Spanish calendar, whatever the server's clock. */
const TIME_ZONE = 'Europe/Madrid';

const day = (d: Date | string) => formatShortDate(typeof d === 'string' ? d : d.toISOString(), TIME_ZONE);

/** The invoice file's name: its number, which is ASCII. */
export function invoicePdfFilename(invoice: Pick<InvoiceRow, 'number'>): string {
  return `factura-${invoice.number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
}

function heading(doc: Doc, invoice: InvoiceRow) {
  doc.font(BOLD).fontSize(22).fillColor(INK).text('Factura', MARGIN, MARGIN);
  const right = { width: WIDTH, align: 'right' as const };
  doc
    .font(BOLD)
    .fontSize(11)
    .text(`Número: ${invoice.number}`, MARGIN, MARGIN + 2, right);
  doc.font(REGULAR).fontSize(10).fillColor(MUTED);
  doc.text(`Fecha de expedición: ${day(invoice.issuedAt)}`, right);
  doc.text(`Fecha de la operación: ${day(invoice.paidAt)}`, right);
}

function party(doc: Doc, title: string, who: InvoiceParty, taxLabel: string, x: number, y: number) {
  const width = WIDTH / 2 - 12;
  doc.font(BOLD).fontSize(9).fillColor(MUTED).text(title.toUpperCase(), x, y, { width, characterSpacing: 0.5 });
  doc
    .moveDown(0.3)
    .font(BOLD)
    .fontSize(11)
    .fillColor(INK)
    .text(who.name || '—', x, doc.y, { width });
  doc
    .font(REGULAR)
    .fontSize(10)
    .text(`${taxLabel}: ${who.taxId || '—'}`, x, doc.y, { width });
  for (const line of who.address) doc.text(line, x, doc.y, { width });
  return doc.y;
}

/** A thin rule across the page at `y`, above and below the lines. */
function rule(doc: Doc, y: number) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .strokeColor(RULE)
    .lineWidth(0.8)
    .stroke();
}

function lines(doc: Doc, invoice: InvoiceRow, top: number) {
  const cols = { concept: MARGIN, period: MARGIN + WIDTH * 0.5, amount: MARGIN + WIDTH * 0.78 };
  const amountWidth = WIDTH * 0.22;
  doc.font(BOLD).fontSize(9).fillColor(MUTED);
  doc.text('CONCEPTO', cols.concept, top, { width: WIDTH * 0.48 });
  doc.text('PERÍODO', cols.period, top, { width: WIDTH * 0.28 });
  doc.text('IMPORTE (IVA INCL.)', cols.amount, top, { width: amountWidth, align: 'right' });
  let y = top + 16;
  rule(doc, y);
  y += 8;
  doc.font(REGULAR).fontSize(10).fillColor(INK);
  for (const line of invoice.lines) {
    const period = line.periodStart && line.periodEnd ? `${day(line.periodStart)} – ${day(line.periodEnd)}` : '—';
    doc.text(line.description, cols.concept, y, { width: WIDTH * 0.48 });
    const after = doc.y;
    doc.text(period, cols.period, y, { width: WIDTH * 0.28 });
    doc.text(formatAmount(line.amount, invoice.currency), cols.amount, y, { width: amountWidth, align: 'right' });
    y = Math.max(after, doc.y) + 6;
  }
  rule(doc, y);
  return y + 12;
}

function totals(doc: Doc, invoice: InvoiceRow, top: number) {
  const labelX = MARGIN + WIDTH * 0.45;
  const labelWidth = WIDTH * 0.33;
  const amountX = MARGIN + WIDTH * 0.78;
  const amountWidth = WIDTH * 0.22;
  const rows: [string, number, boolean][] = [
    ['Base imponible', invoice.base, false],
    [`IVA (${invoice.vatRate} %)`, invoice.vat, false],
    ['Total', invoice.total, true],
  ];
  let y = top;
  for (const [label, cents, strong] of rows) {
    doc
      .font(strong ? BOLD : REGULAR)
      .fontSize(strong ? 12 : 10)
      .fillColor(INK);
    doc.text(label, labelX, y, { width: labelWidth, align: 'right' });
    doc.text(formatAmount(cents, invoice.currency), amountX, y, { width: amountWidth, align: 'right' });
    y = doc.y + 6;
  }
  return y;
}

function notes(doc: Doc, invoice: InvoiceRow, top: number) {
  doc.font(REGULAR).fontSize(9).fillColor(MUTED);
  const divisor = (1 + invoice.vatRate / 100).toFixed(2).replace('.', ',');
  doc.text(
    `Precios con IVA incluido: la base imponible es el total dividido entre ${divisor}. Pagada el ${day(invoice.paidAt)}.`,
    MARGIN,
    top,
    { width: WIDTH },
  );
  if (invoice.provider === 'sandbox') {
    doc.moveDown(0.5).text('Emitida en el entorno de pruebas (sandbox) de RankMaps: este pago no movió dinero real.', { width: WIDTH });
  }
}

/** Draws the invoice: number and dates, issuer and customer, its lines, base, IVA and total. */
function drawInvoice(doc: Doc, invoice: InvoiceRow) {
  heading(doc, invoice);
  const partiesTop = MARGIN + 80;
  const issuerBottom = party(doc, 'Emisor', invoice.issuer, 'NIF', MARGIN, partiesTop);
  const customerBottom = party(doc, 'Cliente', invoice.customer, 'NIF/CIF', MARGIN + WIDTH / 2 + 12, partiesTop);
  const linesBottom = lines(doc, invoice, Math.max(issuerBottom, customerBottom) + 32);
  notes(doc, invoice, totals(doc, invoice, linesBottom) + 24);
}

/** The invoice as an A4 PDF. */
export function renderInvoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    try {
      const doc = new PDFDocument({
        size: 'A4',
        margin: MARGIN,
        lang: 'es-ES',
        info: { Title: `Factura ${invoice.number}`, Author: invoice.issuer.name, Creator: 'RankMaps' },
      });
      const fonts = reportFonts();
      doc.registerFont(REGULAR, fonts.regular);
      doc.registerFont(BOLD, fonts.bold);
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
      drawInvoice(doc, invoice);
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
