import { describe, expect, it } from 'vitest';
import { profileSchema } from '@rankmaps/shared/schemas/profile';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';

const valid = {
  type: 'business',
  fiscalName: '  Talleres Costa del Sol SL ',
  taxId: 'B29123452',
  address: 'Calle Larios 5, 2º',
  postalCode: '29005',
  city: 'Málaga',
  province: 'Málaga',
  country: 'España',
  phone: '+34 951 123 456',
  email: 'Facturas@Talleres.es',
};

describe('PUT /api/user/billing', async () => {
  const { app, container } = await createTestApp();
  const { signedIn: signedInAs } = sessions(app, container);
  const signedIn = () => signedInAs(undefined, { email: `cliente-${crypto.randomUUID().slice(0, 8)}@example.com` });
  const put = (headers: Record<string, string>, billingData: unknown) => app.inject({ method: 'PUT', url: '/api/user/billing', headers, payload: { billingData } });

  it('when the billing data is complete, then it is stored trimmed and the profile returns it', async () => {
    const { headers } = await signedIn();
    const res = await put(headers, valid);
    expect(res.statusCode).toBe(200);
    expect(profileSchema.strict().safeParse(res.json()).success).toBe(true);
    expect(res.json().billingData).toEqual({
      type: 'business',
      fiscalName: 'Talleres Costa del Sol SL',
      taxId: 'B29123452',
      address: 'Calle Larios 5, 2º',
      postalCode: '29005',
      city: 'Málaga',
      province: 'Málaga',
      country: 'España',
      phone: '+34 951 123 456',
      email: 'facturas@talleres.es',
    });
    const again = await app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(again.json().billingData).toEqual(res.json().billingData);
  });

  it('when the billing e-mail is empty or missing, then it defaults to the account e-mail, and an empty phone is left out', async () => {
    const { user, headers } = await signedIn();
    const empty = await put(headers, { ...valid, type: 'personal', email: '', phone: '' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().billingData.email).toBe(user.email);
    expect(empty.json().billingData).not.toHaveProperty('phone');
    const { email: _e, phone: _p, ...withoutOptional } = valid;
    const missing = await put(headers, withoutOptional);
    expect(missing.json().billingData.email).toBe(user.email);
  });

  it('when the data is saved again, then it replaces the previous data', async () => {
    const { headers } = await signedIn();
    await put(headers, valid);
    const res = await put(headers, { ...valid, city: 'Marbella', phone: null });
    expect(res.json().billingData).toMatchObject({ city: 'Marbella' });
    expect(res.json().billingData).not.toHaveProperty('phone');
  });

  it.each([
    ['fiscalName', 'El nombre completo o la razón social es obligatorio'],
    ['taxId', 'El NIF/DNI o CIF es obligatorio'],
    ['address', 'La dirección es obligatoria'],
    ['postalCode', 'El código postal es obligatorio'],
    ['city', 'La ciudad es obligatoria'],
    ['province', 'La provincia es obligatoria'],
    ['country', 'El país es obligatorio'],
  ])('when %s is missing or blank, then it answers 400 "%s" and stores nothing', async (field, message) => {
    const { headers } = await signedIn();
    const { [field as keyof typeof valid]: _omit, ...rest } = valid;
    const missing = await put(headers, rest);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(message);
    const blank = await put(headers, { ...valid, [field]: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(message);
    const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.json().billingData).toBeNull();
  });

  it.each([
    ['the type is neither personal nor business', { type: 'empresa' }, 'Elige si facturas como particular o como empresa'],
    ['the billing e-mail is not an e-mail', { email: 'facturas-en-talleres' }, 'Introduce un email válido'],
    ['the phone has letters', { phone: 'llámame' }, 'Introduce un teléfono válido'],
    ['the fiscal name is too long', { fiscalName: 'x'.repeat(201) }, 'El texto es demasiado largo'],
    ['the postal code is too long', { postalCode: '1'.repeat(17) }, 'El texto es demasiado largo'],
    ['the Spanish tax id is "123"', { taxId: '123' }, 'El NIF, NIE o CIF no es válido: revisa los números y la letra de control'],
    ['the Spanish NIF has the wrong letter', { taxId: '12345678A' }, 'El NIF, NIE o CIF no es válido: revisa los números y la letra de control'],
    ['the Spanish postal code is "ABC"', { postalCode: 'ABC' }, 'El código postal de España tiene 5 cifras y empieza por el número de la provincia (01 a 52)'],
    ['the Spanish postal code has no province (53…)', { postalCode: '53001' }, 'El código postal de España tiene 5 cifras y empieza por el número de la provincia (01 a 52)'],
    ['a foreign tax id is "123"', { country: 'Portugal', taxId: '123' }, 'Introduce un número de identificación fiscal válido'],
    ['a foreign postal code is "ABC"', { country: 'Portugal', postalCode: 'ABC' }, 'Introduce un código postal válido'],
  ])('when %s, then it answers 400 in Spanish and the stored data stays', async (_label, change, message) => {
    const { headers } = await signedIn();
    const before = (await put(headers, valid)).json().billingData;
    const res = await put(headers, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.json().billingData).toEqual(before);
  });

  it('when the tax id is a real NIE, a CIF typed with dashes, or a foreign one, then it is accepted', async () => {
    const { headers } = await signedIn();
    for (const change of [{ taxId: 'X1234567L' }, { taxId: 'b-2912345-2' }, { country: 'Portugal', taxId: '501964843', postalCode: '1000-001' }]) {
      const res = await put(headers, { ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(200);
    }
  });

  it('when billingData is missing, then it answers 400; without a token, 401', async () => {
    const { headers } = await signedIn();
    expect((await app.inject({ method: 'PUT', url: '/api/user/billing', headers, payload: {} })).statusCode).toBe(400);
    expect((await app.inject({ method: 'PUT', url: '/api/user/billing', payload: { billingData: valid } })).statusCode).toBe(401);
  });
});
