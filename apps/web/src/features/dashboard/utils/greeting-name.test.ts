import { describe, expect, it } from 'vitest';
import { greetingName } from './greeting-name';

const person = { firstName: null, billingData: null };

describe('greetingName', () => {
  it('greets a person by their first name', () => {
    expect(greetingName({ ...person, name: 'Lucía Prueba' })).toBe('Lucía');
    expect(greetingName({ ...person, name: 'Marta', firstName: 'Marta Isabel' })).toBe('Marta Isabel');
  });

  it('greets nobody by name when the account is a company, never by its first word', () => {
    expect(greetingName({ ...person, name: 'Agencia Norte Digital' })).toBeNull();
    expect(greetingName({ ...person, name: 'Pixel & Co' })).toBeNull();
    expect(greetingName({ ...person, name: 'Clínicas Sonrisa S.L.' })).toBeNull();
    expect(greetingName({ ...person, name: 'Cuatro Vientos Marketing' })).toBeNull();
  });

  it('takes the billing data’s word for it when the fiscal name is the account name', () => {
    const billingData = { type: 'business' as const, fiscalName: 'Cuatro Vientos', taxId: 'B1', address: 'a', postalCode: '1', city: 'c', province: 'p', country: 'ES' };
    expect(greetingName({ firstName: null, name: 'Cuatro Vientos', billingData })).toBeNull();
    expect(greetingName({ firstName: null, name: 'Cuatro Vientos', billingData: { ...billingData, type: 'personal' } })).toBe('Cuatro');
  });
});
