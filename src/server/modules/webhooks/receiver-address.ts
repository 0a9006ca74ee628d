import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not be sent to unless WEBHOOKS_ALLOW_PRIVATE_ADDRESSES allows it: loopback, private,
 * link-local (cloud metadata lives there), shared, multicast and reserved ranges. A key holder who registers a
 * receiver could otherwise make the shop probe the network it runs in.
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

export function isPublicAddress(address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return false;
  return !notPublic.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}
