import type { Client, ClientList } from '@rankmaps/shared/schemas/workspace';
import type { Report } from '@rankmaps/shared/schemas/report';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type FormPart, multipartBody } from '../../../test/multipart';
import { MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { clients } from '../../db/places-schema';
import { reportClientFor } from '../reports/report-brand';

// A client's logo for its reports (docs/workspace.md «Clients», docs/decisions.md §25.1).

type Headers = Record<string, string>;

describe('a client’s logo (API)', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;
  const { signedIn, createPlace } = rankmapFixtures(app, container);

  const newClient = async (headers: Headers, name: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/clients', headers, payload: { name } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Client>();
  };
  const upload = (headers: Headers, clientId: string, parts: FormPart[]) => {
    const form = multipartBody(parts);
    return app.inject({ method: 'POST', url: `/api/clients/${clientId}/logo`, headers: { ...headers, ...form.headers }, payload: form.payload });
  };
  const remove = (headers: Headers, clientId: string) => app.inject({ method: 'DELETE', url: `/api/clients/${clientId}/logo`, headers });
  const logoPart = (data: Buffer, filename = 'logo.png', contentType = 'image/png'): FormPart => ({ name: 'logo', filename, data, contentType });
  const rowOf = async (id: string) => (await db.select().from(clients).where(eq(clients.id, id)))[0];
  const listed = async (headers: Headers, id: string) => (await app.inject({ method: 'GET', url: '/api/clients', headers })).json<ClientList>().clients.find((c) => c.id === id);
  /** Larger than the 600×200 box, so the re-encoding shows. */
  const bigPng = () => sharp({ create: { width: 900, height: 900, channels: 3, background: '#0f766e' } }).png().toBuffer();

  it('when an agency uploads a client’s logo, then it is re-encoded as a PNG within 600×200, served without a session, listed, and replaced or removed with its file', async () => {
    const { headers } = await signedIn('pro_starter');
    const client = await newClient(headers, 'Grupo Dental Sur');
    expect(client.logoUrl).toBeNull();

    const jpeg = await sharp(await bigPng()).jpeg().withMetadata({ exif: { IFD0: { Copyright: 'secreto-exif' } } }).toBuffer();
    const res = await upload(headers, client.id, [logoPart(jpeg, 'logo.jpg', 'image/jpeg')]);
    expect(res.statusCode, res.body).toBe(200);
    const { logoUrl } = res.json<Client>();
    expect(res.json<Client>()).toMatchObject({ id: client.id, name: 'Grupo Dental Sur', places: 0 });
    expect(logoUrl).toMatch(/^\/api\/client-logo\/[a-f0-9]{32}\.png$/);
    expect((await listed(headers, client.id))?.logoUrl).toBe(logoUrl);

    const served = await app.inject({ method: 'GET', url: logoUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const meta = await sharp(served.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: 200, height: 200 });
    expect(served.rawPayload.includes('secreto-exif')).toBe(false);
    const firstFile = (await rowOf(client.id))!.logo!;
    expect(await container.storage.get(firstFile)).toBeDefined();

    // A new logo: a new URL and file; the old ones are gone.
    const second = await upload(headers, client.id, [logoPart(await sharp(await bigPng()).resize(120, 60).png().toBuffer())]);
    const secondUrl = second.json<Client>().logoUrl!;
    expect(secondUrl).not.toBe(logoUrl);
    expect((await app.inject({ method: 'GET', url: logoUrl! })).statusCode).toBe(404);
    expect(await container.storage.get(firstFile)).toBeUndefined();

    // Removed: null, its URL 404 at once, its file deleted; removing again changes nothing.
    const secondFile = (await rowOf(client.id))!.logo!;
    const gone = await remove(headers, client.id);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json<Client>().logoUrl).toBeNull();
    const missing = await app.inject({ method: 'GET', url: secondUrl });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Logo no encontrado.');
    expect(await container.storage.get(secondFile)).toBeUndefined();
    expect((await remove(headers, client.id)).json<Client>().logoUrl).toBeNull();
    for (const key of ['0'.repeat(32), 'abc', 'A'.repeat(32)]) {
      expect((await app.inject({ method: 'GET', url: `/api/client-logo/${key}.png` })).statusCode, key).toBe(404);
    }
  });

  it('when a client with a logo is deleted, then its logo URL answers 404 and its file is removed', async () => {
    const { headers } = await signedIn('pro_agency');
    const client = await newClient(headers, 'Clínica Norte');
    const { logoUrl } = (await upload(headers, client.id, [logoPart(await bigPng())])).json<Client>();
    const file = (await rowOf(client.id))!.logo!;
    expect((await app.inject({ method: 'DELETE', url: `/api/clients/${client.id}`, headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: logoUrl! })).statusCode).toBe(404);
    expect(await container.storage.get(file)).toBeUndefined();
  });

  it('when a plan without white-label uploads, then 403 naming the agency plans and nothing is stored; removing stays allowed', async () => {
    for (const plan of ['premium', 'basico']) {
      const { headers } = await signedIn(plan);
      const client = await newClient(headers, `Cliente ${plan}`);
      const res = await upload(headers, client.id, [logoPart(await bigPng())]);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ errorType: 'upgrade_required', error: 'Para poner el logo de tus clientes en sus informes necesitas un plan para agencias.' });
      expect(await rowOf(client.id)).toMatchObject({ logo: null, logoKey: null });
      expect((await remove(headers, client.id)).statusCode).toBe(200);
    }
  });

  it('when the file is not an image, too big, missing or in another field, then the profile photo’s messages in Spanish and nothing changes', async () => {
    const { headers } = await signedIn('pro_starter');
    const client = await newClient(headers, 'Ferretería Sol');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const cases: [FormPart[], string][] = [
      [[logoPart(svg, 'marca.svg', 'image/svg+xml')], 'El archivo marca.svg no es una imagen válida.'],
      [[logoPart(Buffer.from('no soy una imagen'), 'notas.png')], 'El archivo notas.png no es una imagen válida.'],
      [[logoPart(Buffer.alloc(2 * 1024 * 1024 + 1, 1), 'enorme.png')], 'El archivo enorme.png excede los 2 MB.'],
      [[{ name: 'otra', value: 'x' }], 'Elige una imagen para el logo.'],
      [[{ name: 'profilePicture', filename: 'a.png', data: await bigPng(), contentType: 'image/png' }], 'El archivo debe enviarse en el campo logo.'],
    ];
    for (const [parts, error] of cases) {
      const res = await upload(headers, client.id, parts);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect(await rowOf(client.id)).toMatchObject({ logo: null, logoKey: null });
  });

  it('when another user’s client, a missing one or a malformed id is named, then the same 404 and the owner’s client keeps its logo', async () => {
    const owner = await signedIn('pro_starter');
    const client = await newClient(owner.headers, 'Óptica Mar');
    const { logoUrl } = (await upload(owner.headers, client.id, [logoPart(await bigPng())])).json<Client>();
    const stranger = await signedIn('pro_starter');
    for (const id of [client.id, crypto.randomUUID(), 'no-es-un-id']) {
      for (const res of [await upload(stranger.headers, id, [logoPart(await bigPng())]), await remove(stranger.headers, id)]) {
        expect(res.statusCode, `${id} ${res.body}`).toBe(404);
        expect(res.json().error).toBe('Cliente no encontrado.');
      }
    }
    expect((await listed(owner.headers, client.id))?.logoUrl).toBe(logoUrl);
  });

  it('when a place is grouped under a client, then its reports carry the client’s name and logo alone; without a client, or after a downgrade, they carry no client or no logo', async () => {
    const { user, headers } = await signedIn('pro_starter');
    const grouped = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
    const loose = await createPlace(headers, 'demo-malaga-dentista-2', MALAGA, 3);
    const client = await newClient(headers, 'Grupo Dental Sur');
    expect((await app.inject({ method: 'PUT', url: `/api/place/${grouped}/client`, headers, payload: { clientId: client.id } })).statusCode).toBe(200);

    const placeReport = async (placeId: string) => (await app.inject({ method: 'GET', url: `/api/reports/place/${placeId}`, headers })).json<Report>();
    expect((await placeReport(grouped)).client).toEqual({ name: 'Grupo Dental Sur', logoUrl: null });
    const { logoUrl } = (await upload(headers, client.id, [logoPart(await bigPng())])).json<Client>();
    const report = await placeReport(grouped);
    expect(report.client).toEqual({ name: 'Grupo Dental Sur', logoUrl });
    // Nothing else of the client: not its id, nor how many places it has.
    expect(JSON.stringify(report)).not.toContain(client.id);
    expect('client' in (await placeReport(loose))).toBe(false);

    const cancelled = await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await reportClientFor(container, user.id, grouped)).toEqual({ client: { name: 'Grupo Dental Sur', logoUrl: null } });
    // Another user naming the place learns nothing of its client.
    const stranger = await signedIn('pro_starter');
    expect(await reportClientFor(container, stranger.user.id, grouped)).toEqual({});
  });
});
