import ipaddr from 'ipaddr.js';

/**
 * Why an address may not receive a webhook, or null when it may. Only ordinary public
 * unicast addresses pass: ipaddr.js names every special range (RFC 6890 and later), and any
 * range it names other than `unicast` is refused, so a range added to the library later is
 * refused too rather than let through.
 */
export type RefusedAddressKind = 'loopback' | 'private' | 'link-local' | 'metadata' | 'special';

/**
 * Cloud metadata services reachable at addresses the ranges below do not already cover:
 * Azure's wire server (168.63.129.16) is a public address. AWS (169.254.169.254,
 * fd00:ec2::254), Google (169.254.169.254), Alibaba (100.100.100.200) and Oracle
 * (192.0.0.192) fall in link-local, unique-local, CGNAT or reserved ranges anyway.
 */
const METADATA_ADDRESSES = new Set(['168.63.129.16', '169.254.169.254', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254']);

/** Host names that always mean a metadata service, whatever they resolve to. */
export const METADATA_HOSTNAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

const RANGE_KIND: Record<string, RefusedAddressKind> = {
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private',
  carrierGradeNat: 'private',
  linkLocal: 'link-local',
  deprecatedSiteLocal: 'private',
};

/**
 * Classifies one textual address (as DNS or the URL gives it). An IPv4-mapped IPv6 address
 * (::ffff:127.0.0.1) is judged as the IPv4 address it carries; NAT64, 6to4 and Teredo
 * addresses, which also carry an IPv4 address, are refused outright. Text that is not an
 * address is refused too.
 */
export function refusedAddressKind(address: string): RefusedAddressKind | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return 'special';
  const parsed = ipaddr.process(bare);
  if (METADATA_ADDRESSES.has(parsed.toString())) return 'metadata';
  const range = parsed.range();
  if (range === 'unicast') return null;
  return RANGE_KIND[range] ?? 'special';
}

/** True when `address` is an IP literal (v4, or v6 with or without brackets). */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}
