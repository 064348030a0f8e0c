import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.js';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address whole', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, and another /64 apart', () => {
    const one = clientAddressKey('2001:db8:aa:1::1');
    expect(clientAddressKey('2001:0DB8:00aa:0001:ffff:1234:5678:9abc')).toBe(one);
    expect(clientAddressKey('2001:db8:aa:1:0:0:0:2')).toBe(one);
    expect(one).toBe('2001:db8:aa:1::/64');
    expect(clientAddressKey('2001:db8:aa:2::1')).not.toBe(one);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientAddressKey('::ffff:198.51.100.9')).toBe('198.51.100.9');
    expect(clientAddressKey('::FFFF:c633:6409')).toBe('198.51.100.9');
    expect(clientAddressKey('0:0:0:0:0:ffff:198.51.100.9')).toBe('198.51.100.9');
  });
});
