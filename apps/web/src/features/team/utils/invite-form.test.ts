import { describe, expect, it } from 'vitest';
import { needsClients, validateInvite } from './invite-form';

describe('the invite dialog rules', () => {
  it('asks for an e-mail, then for a valid one', () => {
    expect(validateInvite({ email: '  ', role: 'admin', clientIds: [] })).toEqual({
      ok: false,
      errors: { email: 'invite.errors.emailRequired' },
    });
    expect(validateInvite({ email: 'ana@', role: 'admin', clientIds: [] })).toEqual({
      ok: false,
      errors: { email: 'invite.errors.emailInvalid' },
    });
  });

  it('asks for a role', () => {
    expect(validateInvite({ email: 'ana@example.com', role: '', clientIds: [] })).toEqual({
      ok: false,
      errors: { role: 'invite.errors.roleRequired' },
    });
  });

  it('requires clients for Miembro and Cliente, not for Administrador', () => {
    expect(needsClients('member')).toBe(true);
    expect(needsClients('client')).toBe(true);
    expect(needsClients('admin')).toBe(false);
    for (const role of ['member', 'client'] as const) {
      expect(validateInvite({ email: 'ana@example.com', role, clientIds: [] })).toEqual({
        ok: false,
        errors: { clientIds: 'invite.errors.clientsRequired' },
      });
    }
  });

  it('reports every field at once', () => {
    const result = validateInvite({ email: '', role: 'client', clientIds: [] });
    expect(result).toEqual({ ok: false, errors: { email: 'invite.errors.emailRequired', clientIds: 'invite.errors.clientsRequired' } });
  });

  it('sends the address trimmed and lower-cased, and the clients once each', () => {
    expect(validateInvite({ email: ' Ana@Example.COM ', role: 'member', clientIds: ['c1', 'c2', 'c1'] })).toEqual({
      ok: true,
      input: { email: 'ana@example.com', role: 'member', clientIds: ['c1', 'c2'] },
    });
  });

  it('drops clients picked before switching to Administrador, who sees the whole workspace', () => {
    expect(validateInvite({ email: 'ana@example.com', role: 'admin', clientIds: ['c1'] })).toEqual({
      ok: true,
      input: { email: 'ana@example.com', role: 'admin', clientIds: [] },
    });
  });
});
