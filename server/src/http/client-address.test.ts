import { describe, expect, it } from 'vitest';
import { clientAddressOf, trustedProxyList } from './client-address';

describe('the address a request came from', () => {
  const proxies = ['127.0.0.1', '::1'];
  it.each([
    ['no proxy trusted: the socket, whatever the header says', '127.0.0.1', '203.0.113.9', [], '127.0.0.1'],
    ['a socket that is not the proxy: its own address, the header ignored', '192.168.1.40', '127.0.0.1', proxies, '192.168.1.40'],
    ['through the proxy: the address it saw', '127.0.0.1', '192.168.1.40', proxies, '192.168.1.40'],
    ['a client that writes the header itself: the proxy appends the real one, which is taken', '127.0.0.1', '127.0.0.1, 192.168.1.40', proxies, '192.168.1.40'],
    ['a forged first entry is not believed', '::1', '10.0.0.1, 192.168.1.41', proxies, '192.168.1.41'],
    ['two trusted proxies in a row: the address before them', '127.0.0.1', '192.168.1.42, ::1', proxies, '192.168.1.42'],
    ['through the proxy without the header: the socket', '127.0.0.1', undefined, proxies, '127.0.0.1'],
  ] as const)('%s', (_, socket, header, trusted, expected) => {
    expect(clientAddressOf(socket, header, trusted)).toBe(expected);
  });

  it('reads TRUSTED_PROXY as a list', () => {
    expect(trustedProxyList(' 127.0.0.1, ::1 ,')).toEqual(['127.0.0.1', '::1']);
    expect(trustedProxyList(undefined)).toEqual([]);
  });
});
