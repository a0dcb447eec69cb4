import { describe, expect, it } from 'vitest';
import { clientOf } from './rate-limit.ts';

describe('clientOf', () => {
  it('counts an IPv4 address as itself, written either way', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts every address of an IPv6 /64 network as one client, however it is written', () => {
    const network = '2001:db8:85a3:8d3::/64';
    for (const address of [
      '2001:db8:85a3:8d3:1319:8a2e:370:7348',
      '2001:0db8:85a3:08d3:0000:0000:0000:0001',
      '2001:db8:85a3:8d3::1',
      '2001:DB8:85A3:8D3::ABCD',
      '2001:db8:85a3:8d3::2%eth0',
    ])
      expect(clientOf(address), address).toBe(network);
    expect(clientOf('2001:db8:85a3:8d4::1')).toBe('2001:db8:85a3:8d4::/64');
    expect(clientOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
    expect(clientOf('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
    expect(clientOf('1:2::4:5:6:1.2.3.4')).toBe('1:2:0:4::/64');
  });
});
