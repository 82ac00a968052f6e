import type { ReportBrandSettings } from '@rankmaps/shared/schemas/report-brand';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type FormPart, multipartBody } from '../../../test/multipart';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { reportBrands } from '../../db/report-brand-schema';
import { RANKMAPS_BRAND, reportBrandFor, reportLogoFor } from './report-brand';

type Headers = Record<string, string>;

const BRAND = { name: 'Agencia Norte', accent: '#1d4ed8', contact: 'hola@agencianorte.es · 600 000 000', footer: 'Informe preparado para nuestros clientes.', hidePoweredBy: false };

describe('white-label settings (API)', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;
  const { signedIn } = sessions(app, container);

  const put = (headers: Headers, payload: object) => app.inject({ method: 'PUT', url: '/api/report-brand', headers, payload });
  const get = async (headers: Headers) => (await app.inject({ method: 'GET', url: '/api/report-brand', headers })).json<ReportBrandSettings>();
  const upload = (headers: Headers, parts: FormPart[]) => {
    const form = multipartBody(parts);
    return app.inject({ method: 'POST', url: '/api/report-brand/logo', headers: { ...headers, ...form.headers }, payload: form.payload });
  };
  const logoPart = (data: Buffer, filename = 'logo.png', contentType = 'image/png'): FormPart => ({ name: 'logo', filename, data, contentType });
  const rowOf = async (userId: string) => (await db.select().from(reportBrands).where(eq(reportBrands.userId, userId)))[0];
  /** A wide logo with a little detail, larger than the 600×200 box. */
  const bigPng = () =>
    sharp({ create: { width: 1200, height: 600, channels: 4, background: { r: 30, g: 64, b: 175, alpha: 1 } } })
      .composite([{ input: Buffer.from('<svg width="200" height="100"><rect width="200" height="100" fill="#fff"/></svg>'), left: 100, top: 100 }])
      .png()
      .toBuffer();

  it('when an agency plan saves its brand, then it is read back and signs its reports, with «Hecho con RankMaps»', async () => {
    const { user, headers } = await signedIn('pro_agency');
    const before = await get(headers);
    expect(before).toMatchObject({ name: null, logoUrl: null, allowed: true, canHidePoweredBy: false, upgradeLabel: null, poweredByLabel: 'Disponible desde Enterprise' });
    expect(await reportBrandFor(container, user.id)).toEqual(RANKMAPS_BRAND);

    const res = await put(headers, { ...BRAND, accent: '#1D4ED8', contact: '  hola@agencianorte.es · 600 000 000 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ReportBrandSettings>()).toMatchObject({ ...BRAND, logoUrl: null });
    expect(await get(headers)).toMatchObject(BRAND);
    expect(await reportBrandFor(container, user.id)).toEqual({ ...BRAND, hidePoweredBy: undefined, logoUrl: null, poweredBy: true, whiteLabel: true });
    // Empty contact and footer are stored as none.
    await put(headers, { ...BRAND, contact: '', footer: null });
    expect(await reportBrandFor(container, user.id)).toMatchObject({ contact: null, footer: null });
  });

  it('when a business-owner plan or no plan saves, then 403 naming the agency plans, and nothing is saved; reports stay RankMaps’', async () => {
    for (const plan of ['premium', undefined]) {
      const { user, headers } = await signedIn(plan);
      expect(await get(headers)).toMatchObject({ allowed: false, upgradeLabel: 'Disponible en planes para agencias' });
      const res = await put(headers, BRAND);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ errorType: 'upgrade_required', error: 'Para firmar tus informes con la marca de tu agencia necesitas un plan para agencias.' });
      const logo = await upload(headers, [logoPart(await bigPng())]);
      expect(logo.statusCode, logo.body).toBe(403);
      expect(await rowOf(user.id)).toBeUndefined();
      expect(await reportBrandFor(container, user.id)).toEqual(RANKMAPS_BRAND);
    }
  });

  it('when Starter asks to remove «Hecho con RankMaps», then 403 naming Enterprise and nothing changes; Enterprise may, and its reports then lack the line', async () => {
    const starter = await signedIn('pro_starter');
    expect((await put(starter.headers, BRAND)).statusCode).toBe(200);
    const res = await put(starter.headers, { ...BRAND, name: 'Otro nombre', hidePoweredBy: true });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toBe('Para quitar «Hecho con RankMaps» de tus informes necesitas el plan Enterprise.');
    expect(await rowOf(starter.user.id)).toMatchObject({ name: BRAND.name, hidePoweredBy: false });

    const enterprise = await signedIn('pro_enterprise');
    expect(await get(enterprise.headers)).toMatchObject({ canHidePoweredBy: true, poweredByLabel: null });
    expect((await put(enterprise.headers, { ...BRAND, hidePoweredBy: true })).statusCode).toBe(200);
    expect(await reportBrandFor(container, enterprise.user.id)).toMatchObject({ name: BRAND.name, poweredBy: false, whiteLabel: true });
    // Saving with the line kept shows it again.
    await put(enterprise.headers, { ...BRAND, hidePoweredBy: false });
    expect((await reportBrandFor(container, enterprise.user.id)).poweredBy).toBe(true);
  });

  it('when the colour, the lengths or the shape are wrong, then 400 in Spanish and nothing is saved', async () => {
    const { user, headers } = await signedIn('pro_starter');
    const cases: [object, string][] = [
      [{ ...BRAND, accent: 'blue' }, 'El color de acento debe tener el formato #rrggbb, por ejemplo #1d4ed8.'],
      [{ ...BRAND, accent: '#12345' }, 'El color de acento debe tener el formato #rrggbb, por ejemplo #1d4ed8.'],
      [{ ...BRAND, accent: '#ffeb3b' }, 'El color de acento es demasiado claro: el texto blanco sobre él no se leería bien (contraste menor de 4,5:1). Elige un tono más oscuro.'],
      [{ ...BRAND, name: '' }, 'El nombre de la agencia debe tener entre 1 y 80 caracteres.'],
      [{ ...BRAND, name: 'x'.repeat(81) }, 'El nombre de la agencia debe tener entre 1 y 80 caracteres.'],
      [{ ...BRAND, contact: 'x'.repeat(121) }, 'El contacto puede tener como mucho 120 caracteres.'],
      [{ ...BRAND, footer: 'x'.repeat(201) }, 'El texto del pie puede tener como mucho 200 caracteres.'],
      [{ ...BRAND, hidePoweredBy: 'no' }, 'Indica con sí o no si quieres quitar «Hecho con RankMaps».'],
    ];
    for (const [payload, error] of cases) {
      const res = await put(headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error).toContain(error);
    }
    expect(await rowOf(user.id)).toBeUndefined();
    // 80 and 200 characters are fine.
    expect((await put(headers, { ...BRAND, name: 'n'.repeat(80), footer: 'f'.repeat(200), contact: 'c'.repeat(120) })).statusCode).toBe(200);
  });

  it('when a logo is uploaded, then it is re-encoded as a PNG within 600×200, served at its public URL without a session, and the report carries it', async () => {
    const { user, headers } = await signedIn('pro_starter');
    await put(headers, BRAND);
    const jpeg = await sharp(await bigPng()).jpeg().withMetadata({ exif: { IFD0: { Copyright: 'secreto-exif' } } }).toBuffer();
    const res = await upload(headers, [logoPart(jpeg, 'logo.jpg', 'image/jpeg')]);
    expect(res.statusCode, res.body).toBe(200);
    const { logoUrl } = res.json<ReportBrandSettings>();
    expect(logoUrl).toMatch(/^\/api\/report-brand\/logo\/[a-f0-9]{32}\.png$/);

    const served = await app.inject({ method: 'GET', url: logoUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: 400, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('secreto-exif')).toBe(false);

    const brand = await reportBrandFor(container, user.id);
    expect(brand.logoUrl).toBe(logoUrl);
    expect((await reportLogoFor(container, user.id))?.equals(served.rawPayload)).toBe(true);

    // A new logo gets a new URL; the old one is gone.
    const second = await upload(headers, [logoPart(await sharp(await bigPng()).resize(100, 50).png().toBuffer())]);
    const secondUrl = second.json<ReportBrandSettings>().logoUrl!;
    expect(secondUrl).not.toBe(logoUrl);
    expect((await app.inject({ method: 'GET', url: logoUrl! })).statusCode).toBe(404);
    const small = await sharp((await app.inject({ method: 'GET', url: secondUrl })).rawPayload).metadata();
    expect({ width: small.width, height: small.height }).toEqual({ width: 100, height: 50 });
  });

  it('when the logo is an SVG with a script, a text file or too big, then the profile photo’s messages and nothing changes', async () => {
    const { user, headers } = await signedIn('pro_starter');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    const cases: [FormPart, number, string][] = [
      [logoPart(svg, 'marca.svg', 'image/svg+xml'), 400, 'El archivo marca.svg no es una imagen válida.'],
      [logoPart(Buffer.from('no soy una imagen'), 'notas.png', 'image/png'), 400, 'El archivo notas.png no es una imagen válida.'],
      [logoPart(Buffer.alloc(2 * 1024 * 1024 + 1, 1), 'enorme.png', 'image/png'), 400, 'El archivo enorme.png excede los 2 MB.'],
    ];
    for (const [part, status, error] of cases) {
      const res = await upload(headers, [part]);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toBe(error);
    }
    const none = await upload(headers, [{ name: 'otra', value: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Elige una imagen para el logo.');
    const wrongField = await upload(headers, [{ name: 'profilePicture', filename: 'a.png', data: await bigPng(), contentType: 'image/png' }]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toBe('El archivo debe enviarse en el campo logo.');
    expect(await rowOf(user.id)).toBeUndefined();
  });

  it('when the logo is deleted, then its URL answers 404 and the report has none; unknown keys are 404 too', async () => {
    const { user, headers } = await signedIn('pro_starter');
    await put(headers, BRAND);
    const { logoUrl } = (await upload(headers, [logoPart(await bigPng())])).json<ReportBrandSettings>();
    expect((await app.inject({ method: 'GET', url: logoUrl! })).statusCode).toBe(200);
    const res = await app.inject({ method: 'DELETE', url: '/api/report-brand/logo', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ReportBrandSettings>()).toMatchObject({ logoUrl: null, name: BRAND.name });
    const gone = await app.inject({ method: 'GET', url: logoUrl! });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('Logo no encontrado.');
    expect((await reportBrandFor(container, user.id)).logoUrl).toBeNull();
    expect(await reportLogoFor(container, user.id)).toBeNull();
    for (const key of ['0'.repeat(32), 'abc', '..%2F..%2Fpackage.json', 'A'.repeat(32)]) {
      expect((await app.inject({ method: 'GET', url: `/api/report-brand/logo/${key}.png` })).statusCode, key).toBe(404);
    }
  });

  it('when the plan no longer allows white-label, then reports go back to RankMaps’ brand and the settings stay', async () => {
    const { user, headers } = await signedIn('pro_starter');
    await put(headers, BRAND);
    await upload(headers, [logoPart(await bigPng())]);
    expect((await reportBrandFor(container, user.id)).whiteLabel).toBe(true);
    const cancelled = await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await reportBrandFor(container, user.id)).toEqual(RANKMAPS_BRAND);
    expect(await reportLogoFor(container, user.id)).toBeNull();
    expect(await get(headers)).toMatchObject({ ...BRAND, allowed: false });
    expect(await rowOf(user.id)).toMatchObject({ name: BRAND.name });
  });
});
