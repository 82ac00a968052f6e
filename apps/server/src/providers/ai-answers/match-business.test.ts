import { describe, expect, it } from 'vitest';
import type { AiNamedBusiness } from './interface';
import { type MatchTarget, businessDomain, competitorKey, hostOf, matchBusiness, normaliseBusinessName, registrableDomain } from './match-business';

const named = (position: number, name: string, extra: Partial<AiNamedBusiness> = {}): AiNamedBusiness => ({ position, name, placeId: null, cid: null, domain: null, ...extra });
const target: MatchTarget = { placeId: 'ChIJsonrisas', cid: '1234567890', domain: 'https://www.sonrisas.es/', name: 'Clínica Dental Sonrisas' };

describe('normaliseBusinessName', () => {
  it.each([
    ['Clínica Dental Sonrisas', 'clinica dental sonrisas'],
    ['Clinica dental sonrisas S.L.', 'clinica dental sonrisas'],
    ['CLÍNICA  DENTAL   SONRISAS, S.L.U.', 'clinica dental sonrisas'],
    ['Clínica Dental Sonrisas SLU', 'clinica dental sonrisas'],
    ['Clínica Dental Sonrisas, S.A.', 'clinica dental sonrisas'],
    ['Clínica Dental Sonrisas Sociedad Limitada', 'clinica dental sonrisas'],
    ['Clínica Dental Sonrisas S.L.L.', 'clinica dental sonrisas'],
    ['Instalaciones Gil C.B.', 'instalaciones gil'],
    ['Martínez & Asociados', 'martinez y asociados'],
    ['Peluquería Ñandú', 'peluqueria nandu'], // ñ loses its tilde like any accent: «Nandu» matches too,
    ['Fisio-Salud (Centro)', 'fisio salud centro'],
    ['Casa Sala', 'casa sala'], // «sala» ends with «sa» but is not a legal form: whole words only
    ['Bar Sa', 'bar'], // …while a final word «SA» is
    ['S.L.', 's l'], // a name that is only a legal form keeps it rather than vanish
  ])('%s → %s', (raw, normalised) => {
    expect(normaliseBusinessName(raw)).toBe(normalised);
  });
});

describe('hosts and domains', () => {
  it.each([
    ['https://www.Sonrisas.es/citas?x=1', 'sonrisas.es'],
    ['sonrisas.es', 'sonrisas.es'],
    ['www.sonrisas.es.', 'sonrisas.es'],
    ['http://m.sonrisas.es:8080/', 'sonrisas.es'],
    ['not a host', null],
    ['', null],
    [null, null],
  ])('hostOf(%s) = %s', (raw, host) => {
    expect(hostOf(raw)).toBe(host);
  });

  it('when a host has subdomains, then the registrable domain keeps the company’s label, two-level suffixes included', () => {
    expect(registrableDomain('citas.sonrisas.es')).toBe('sonrisas.es');
    expect(registrableDomain('sonrisas.com.es')).toBe('sonrisas.com.es');
    expect(registrableDomain('shop.sonrisas.co.uk')).toBe('sonrisas.co.uk');
  });

  it('when the host is shared by many businesses, then only a business’s own subdomain identifies it', () => {
    expect(businessDomain('https://www.facebook.com/clinicasonrisas')).toBeNull();
    expect(businessDomain('https://www.doctoralia.es/clinicas/sonrisas')).toBeNull();
    expect(businessDomain('https://sites.google.com/view/sonrisas')).toBeNull();
    expect(businessDomain('https://clinicasonrisas.wixsite.com/inicio')).toBe('clinicasonrisas.wixsite.com');
    expect(businessDomain('https://citas.sonrisas.es')).toBe('sonrisas.es');
  });
});

describe('matchBusiness', () => {
  it('when the answer carries the place id, then it matches by place id at that position, before anything else', () => {
    const answer = [named(1, 'Clínica Dental Sonrisas', { domain: 'sonrisas.es' }), named(2, 'Sonrisas (sede centro)', { placeId: 'ChIJsonrisas' })];
    expect(matchBusiness(target, answer)).toEqual({ named: true, rule: 'place_id', position: 2 });
  });

  it('when there is no place id but the cid is the business’s, then it matches by cid', () => {
    expect(matchBusiness(target, [named(1, 'Otra'), named(3, 'Sonrisas', { cid: '1234567890' })])).toEqual({ named: true, rule: 'cid', position: 3 });
  });

  it('when only the website links it, then it matches by domain, www, paths and subdomains aside', () => {
    expect(matchBusiness(target, [named(1, 'Otra', { domain: 'otra.es' }), named(2, 'Sonrisas Dental', { domain: 'citas.sonrisas.es' })])).toEqual({ named: true, rule: 'domain', position: 2 });
    expect(matchBusiness({ ...target, domain: 'sonrisas.es' }, [named(4, 'X', { domain: 'https://www.sonrisas.es/contacto' })])).toMatchObject({ rule: 'domain', position: 4 });
  });

  it('when only the name says it, then accents, case, punctuation and the legal form do not matter', () => {
    expect(matchBusiness(target, [named(1, 'Dental Centro'), named(2, 'Clinica dental sonrisas S.L.')])).toEqual({ named: true, rule: 'name', position: 2 });
    expect(matchBusiness(target, [named(1, 'CLÍNICA DENTAL SONRISAS, SLU')])).toMatchObject({ rule: 'name', position: 1 });
  });

  it('when a name only shares words with the business, then it is not the business', () => {
    const sonrisas: MatchTarget = { placeId: null, cid: null, domain: null, name: 'Sonrisas' };
    expect(matchBusiness(sonrisas, [named(1, 'Dental Sonrisas Norte')])).toEqual({ named: false, rule: null, position: null });
    expect(matchBusiness(target, [named(1, 'Clínica Dental Sonrisas Norte'), named(2, 'Dental Sonrisas')])).toMatchObject({ named: false });
  });

  it('when a listed business has another place id or cid, then its name or domain cannot make it the tracked one (another branch)', () => {
    expect(matchBusiness(target, [named(1, 'Clínica Dental Sonrisas', { placeId: 'ChIJotraSede' })])).toMatchObject({ named: false });
    expect(matchBusiness(target, [named(1, 'Clínica Dental Sonrisas', { cid: '999', domain: 'sonrisas.es' })])).toMatchObject({ named: false });
    // Unknown ids on either side say nothing: the name still counts.
    expect(matchBusiness({ ...target, placeId: null, cid: null }, [named(1, 'Clínica Dental Sonrisas', { placeId: 'ChIJx' })])).toMatchObject({ rule: 'name' });
  });

  it('when the business’s website is a shared host, then the domain rule is not used, and the name still is', () => {
    const onFacebook: MatchTarget = { placeId: null, cid: null, domain: 'https://facebook.com/sonrisas', name: 'Sonrisas' };
    expect(matchBusiness(onFacebook, [named(1, 'Otra clínica', { domain: 'facebook.com' })])).toMatchObject({ named: false });
    expect(matchBusiness(onFacebook, [named(2, 'Sonrisas', { domain: 'facebook.com' })])).toMatchObject({ rule: 'name', position: 2 });
  });

  it('when the answer names nobody, or the positions come unordered, then the earliest match wins and none is none', () => {
    expect(matchBusiness(target, [])).toEqual({ named: false, rule: null, position: null });
    expect(matchBusiness(target, [named(5, 'Clínica Dental Sonrisas'), named(2, 'clinica dental sonrisas')])).toMatchObject({ position: 2 });
  });
});

describe('competitorKey', () => {
  it('when a business is named, then its key is the place id, else the cid, else the domain, else the normalised name', () => {
    expect(competitorKey(named(1, 'A', { placeId: 'ChIJa', cid: '1', domain: 'a.es' }))).toBe('place:ChIJa');
    expect(competitorKey(named(1, 'A', { cid: '1', domain: 'a.es' }))).toBe('cid:1');
    expect(competitorKey(named(1, 'A', { domain: 'https://www.citas.a.es/x' }))).toBe('domain:a.es');
    expect(competitorKey(named(1, 'Clínica Dental Sonrisas, S.L.', { domain: 'facebook.com' }))).toBe('name:clinica dental sonrisas');
  });

  it('when two answers write the same business differently, then the key is the same', () => {
    expect(competitorKey(named(1, 'CLÍNICA DENTAL SONRISAS'))).toBe(competitorKey(named(3, 'Clinica Dental Sonrisas SL')));
    expect(competitorKey(named(1, 'X', { domain: 'sonrisas.es' }))).toBe(competitorKey(named(2, 'Y', { domain: 'https://www.sonrisas.es/' })));
  });
});
