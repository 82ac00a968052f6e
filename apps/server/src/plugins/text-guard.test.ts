import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { hasUnstorableText, registerTextGuard } from './text-guard';

describe('text the database cannot store', () => {
  it('when a string holds a NUL or a lone surrogate anywhere in the input, then it is found', () => {
    for (const bad of ['a\u0000b', 'x\uD800', '\uDFFFy', '\uDC00\uD800']) {
      expect(hasUnstorableText(bad), JSON.stringify(bad)).toBe(true);
      expect(hasUnstorableText({ a: [{ b: bad }] }), JSON.stringify(bad)).toBe(true);
    }
  });

  it('when the text is ordinary, accented, astral or right-to-left, then nothing is found', () => {
    for (const good of ['', 'Málaga', '𝕳𝖔𝖑𝖆 😀 👩‍👩‍👧‍👦', '\uDBFF\uDFFF', 'مرحبا', '\u202Eabc', '%00', '\\u0000']) {
      expect(hasUnstorableText({ name: good, list: [good], n: 1, nil: null }), JSON.stringify(good)).toBe(false);
    }
  });

  it('when a request carries such text in its body, query or path, then it is refused with a Spanish 400 before the handler runs', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    registerTextGuard(app);
    let ran = 0;
    app.post('/eco/:id', async () => {
      ran++;
      return { ok: true };
    });
    await app.ready();
    const refused = [
      { url: '/eco/1', payload: { name: 'a\u0000' } },
      { url: '/eco/1', payload: { name: 'a\uD800' } },
      { url: '/eco/1?q=a%00', payload: {} },
      { url: '/eco/a%00', payload: {} },
    ];
    for (const req of refused) {
      const res = await app.inject({ method: 'POST', ...req });
      expect(res.statusCode, req.url).toBe(400);
      expect(res.json()).toEqual({ error: 'El texto contiene caracteres no válidos.', code: 'INVALID_TEXT' });
    }
    expect(ran).toBe(0);
    expect((await app.inject({ method: 'POST', url: '/eco/1?q=M%C3%A1laga', payload: { name: 'Ana 😀' } })).statusCode).toBe(200);
    expect(ran).toBe(1);
    await app.close();
  });
});
