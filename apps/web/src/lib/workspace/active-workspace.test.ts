import { describe, expect, it } from 'vitest';
import { activeWorkspace, roleCan, usesClientPortal } from './active-workspace';
import type { WorkspaceItem } from './types';

const own: WorkspaceItem = { id: 'w-own', name: 'Mi agencia', role: 'owner', active: false, brand: null, poweredBy: true };
const joined: WorkspaceItem = {
  id: 'w-2',
  name: 'Agencia Norte',
  role: 'client',
  active: true,
  brand: { name: 'Norte', logoUrl: null, primaryColor: '#0f766e' },
  poweredBy: false,
};

describe('the active workspace', () => {
  it('is the one the list marks active, with its role and brand', () => {
    const w = activeWorkspace([own, joined], { pending: false, failed: false });
    expect(w).toMatchObject({ id: 'w-2', name: 'Agencia Norte', role: 'client', loading: false, brand: joined.brand, poweredBy: false });
    expect(w.all).toHaveLength(2);
  });

  it('falls back to the first when none is marked', () => {
    expect(activeWorkspace([{ ...own }, { ...joined, active: false }], { pending: false, failed: false }).id).toBe('w-own');
  });

  it('has no role while the list loads', () => {
    expect(activeWorkspace(undefined, { pending: true, failed: false })).toMatchObject({ role: null, loading: true });
  });

  it('takes the person for the owner of their own when the list cannot be read', () => {
    expect(activeWorkspace(undefined, { pending: false, failed: true })).toMatchObject({ role: 'owner', loading: false, all: [] });
  });
});

describe('useCan through roleCan', () => {
  it('reads the shared permission table', () => {
    expect(roleCan('owner', 'billing.manage')).toBe(true);
    expect(roleCan('admin', 'billing.manage')).toBe(false);
    expect(roleCan('admin', 'members.manage')).toBe(true);
    expect(roleCan('member', 'scan.run')).toBe(true);
    expect(roleCan('member', 'members.manage')).toBe(false);
    expect(roleCan('client', 'data.read')).toBe(true);
    expect(roleCan('client', 'scan.run')).toBe(false);
    expect(roleCan('client', 'share.manage')).toBe(false);
    expect(roleCan(null, 'data.read')).toBe(false);
  });

  it('lets every role but Cliente reply to reviews (the reply buttons of «Reseñas» ask it)', () => {
    for (const role of ['owner', 'admin', 'member'] as const) expect(roleCan(role, 'reviews.reply')).toBe(true);
    expect(roleCan('client', 'reviews.reply')).toBe(false);
  });

  it('sends only a read-only role to the client portal', () => {
    expect(usesClientPortal('client')).toBe(true);
    for (const role of ['owner', 'admin', 'member'] as const) expect(usesClientPortal(role)).toBe(false);
    expect(usesClientPortal(null)).toBe(false);
  });
});
