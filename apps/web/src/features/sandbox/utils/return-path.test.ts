import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it("when the provider sends the app's absolute URL, then its path is kept", () => {
    expect(returnPath('http://localhost:3000/profile')).toBe('/profile');
    expect(returnPath('https://rankmaps.es/profile?tab=billing#x')).toBe('/profile?tab=billing#x');
  });

  it('when the URL points elsewhere, then the browser still stays on this site', () => {
    expect(returnPath('https://evil.example/steal')).toBe('/steal');
    expect(returnPath('//evil.example/x')).toBe('/x');
  });

  it('when it is missing or not a URL, then the profile is the way back', () => {
    expect(returnPath(null)).toBe('/profile');
    expect(returnPath('')).toBe('/profile');
  });
});
