import type { ReportBrand } from '@rankmaps/shared/schemas/report';
import { escapeHtml } from '../auth/email-templates';

// The report recipients' confirmation and unsubscribe pages (docs/reports.md, "Scheduled report
// e-mails"). The recipient is the agency's client, who came from the agency's e-mail: the page is
// signed with the same brand as that e-mail (name, logo, accent, contact, footer, and «Hecho con
// RankMaps» when the brand keeps it). A link that is not valid names no one: no brand is known.

const SAFE_ACCENT = /^#[0-9a-fA-F]{6}$/;
const DEFAULT_ACCENT = '#2563eb';

/** The page's HTML; `bodyHtml` is already escaped. */
export function recipientPage(title: string, bodyHtml: string, brand: ReportBrand | null): string {
  const accent = brand && SAFE_ACCENT.test(brand.accent) ? brand.accent : DEFAULT_ACCENT;
  const logo = brand?.logoUrl ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" height="40">` : '';
  const header = brand ? `<header>${logo}<span class="brand">${escapeHtml(brand.name)}</span></header>` : '';
  const small = (text: string | null) => (text ? `<p class="small">${escapeHtml(text)}</p>` : '');
  const footer = brand?.whiteLabel ? `${small(brand.contact)}${small(brand.footer)}${brand.poweredBy ? small('Hecho con RankMaps') : ''}` : '';
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(brand ? `${title} · ${brand.name}` : title)}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#f4f6fb;margin:0;padding:24px;line-height:1.5}main{max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px;border-top:4px solid ${accent}}header{display:flex;align-items:center;gap:12px;margin:0 0 24px}header img{height:40px;max-width:160px}.brand{font-size:22px;font-weight:bold;color:${accent}}button{font:inherit;font-weight:bold;background:${accent};color:#fff;border:0;border-radius:8px;padding:12px 24px;cursor:pointer}button:focus-visible{outline:3px solid #1e3a8a;outline-offset:2px}.small{font-size:13px;color:#4b5563;margin:8px 0 0}</style></head>
<body><main>${header}<h1>${escapeHtml(title)}</h1>${bodyHtml}${footer ? `<footer>${footer}</footer>` : ''}</main></body></html>`;
}
