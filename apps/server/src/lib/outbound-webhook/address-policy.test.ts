import { describe, expect, it } from 'vitest';
import { refusedAddressKind } from './address-policy';

describe('refusedAddressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.254', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['0.0.0.0', 'special'],
    ['0.1.2.3', 'special'],
    ['::', 'special'],
    ['224.0.0.1', 'special'],
    ['239.255.255.250', 'special'],
    ['ff02::1', 'special'],
    ['255.255.255.255', 'special'],
    ['192.0.2.1', 'special'],
    ['240.0.0.1', 'special'],
    // IPv4 carried inside IPv6: mapped ones are judged as the IPv4 address, the others refused.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['64:ff9b::7f00:1', 'special'],
    ['2002:7f00:1::1', 'special'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'special'],
    ['not an address', 'special'],
    ['', 'special'],
  ])('%s is refused as %s', (address, kind) => {
    expect(refusedAddressKind(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '34.194.20.16',
    '100.63.255.255',
    '100.128.0.1',
    '172.32.0.1',
    '192.169.0.1',
    '2a00:1450:4003:80f::200e',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => {
    expect(refusedAddressKind(address)).toBeNull();
  });
});
