import { describe, expect, it } from 'vitest';
import { AGENCY_BRAND } from '../../../test/report-fixtures';
import { RANKMAPS_BRAND } from '../reports/report-brand';
import { recipientPage } from './recipient-page';

describe('the report recipient pages', () => {
  it('carry the agency’s brand, as its report e-mails do: name, logo, accent, contact, footer and «Hecho con RankMaps»', () => {
    const html = recipientPage('Dirección confirmada', '<p>Listo.</p>', AGENCY_BRAND);
    expect(html).toContain('<span class="brand">Agencia Peñalara Marketing</span>');
    expect(html).toContain('<img src="/api/brand/logo.png"');
    expect(html).toContain('border-top:4px solid #0f766e');
    expect(html).toContain('background:#0f766e');
    expect(html).toContain('hola@penalara.example · +34 910 000 000');
    expect(html).toContain('Informe preparado para nuestros clientes «Premium» – confidencial');
    expect(html).toContain('Hecho con RankMaps');
    expect(html).toContain('<title>Dirección confirmada · Agencia Peñalara Marketing</title>');
  });

  it('drop «Hecho con RankMaps» when the brand removes it, and are RankMaps’ own without white-label', () => {
    expect(recipientPage('T', '', { ...AGENCY_BRAND, poweredBy: false })).not.toContain('Hecho con RankMaps');
    const plain = recipientPage('T', '', RANKMAPS_BRAND);
    expect(plain).toContain(`<span class="brand">${RANKMAPS_BRAND.name}</span>`);
    expect(plain).not.toContain('<footer>');
  });

  it('never lets the brand’s texts or an odd accent into the markup', () => {
    const html = recipientPage('T', '', { ...AGENCY_BRAND, name: '<script>x</script>', accent: 'red;}body{display:none' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('#2563eb');
    expect(html).not.toContain('display:none');
  });

  it('name no one when the link is not valid', () => {
    expect(recipientPage('Enlace no válido', '<p>x</p>', null)).not.toContain('class="brand"');
  });
});
