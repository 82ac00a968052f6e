import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLE_LABELS, WORKSPACE_ROLES, type WorkspaceRole } from '@rankmaps/shared/permissions';
import { roleCan } from '@/lib/workspace/active-workspace';
import { bottomBarItems, mobileMenuItems, sidebarItems } from './app-nav';

// The menus a role sees (docs/decisions.md §30.7), from the same table the server checks.
const labels = (role: WorkspaceRole | null, agency = true) => sidebarItems(agency, (action) => roleCan(role, action)).map((i) => i.label);

describe('the menus by role', () => {
  it('gives the owner every section, «Equipo» and «Actividad» included', () => {
    expect(labels('owner')).toEqual([
      'home',
      'rankmap',
      'portfolio',
      'clients',
      'campaigns',
      'statistics',
      'reviews',
      'team',
      'activity',
      'support',
      'profile',
    ]);
  });

  it('gives an admin the same sections as the owner', () => {
    expect(labels('admin')).toEqual(labels('owner'));
  });

  it('keeps «Clientes», «Estadísticas», «Equipo» and «Actividad» from a Miembro', () => {
    expect(labels('member')).toEqual(['home', 'rankmap', 'portfolio', 'campaigns', 'reviews', 'support', 'profile']);
  });

  it('leaves a Cliente only what reads data', () => {
    expect(labels('client')).toEqual(['home', 'rankmap', 'portfolio', 'reviews', 'support', 'profile']);
  });

  it('offers nothing gated while the role is not known yet', () => {
    expect(labels(null)).toEqual(['home', 'support', 'profile']);
  });

  it('gates the phone menus the same way', () => {
    const allowed = (action: Parameters<typeof roleCan>[1]) => roleCan('member', action);
    expect(mobileMenuItems(true, allowed).map((i) => i.label)).not.toContain('team');
    expect(mobileMenuItems(true, (action) => roleCan('owner', action)).map((i) => i.label)).toContain('activity');
    expect(bottomBarItems(true, (action) => roleCan('client', action)).map((i) => i.label)).toEqual([
      'home',
      'rankmap',
      'portfolio',
      'profile',
    ]);
    expect(bottomBarItems(false, (action) => roleCan('owner', action)).map((i) => i.label)).toEqual([
      'home',
      'rankmap',
      'statistics',
      'reviews',
      'profile',
    ]);
  });

  it('names the roles in Spanish as ROLE_LABELS does', () => {
    const common = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../locales/es/common.json'), 'utf8')) as {
      roles: Record<string, string>;
    };
    for (const role of WORKSPACE_ROLES) expect(common.roles[role]).toBe(ROLE_LABELS[role]);
  });
});
