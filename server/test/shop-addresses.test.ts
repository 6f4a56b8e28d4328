// Issue 47: the server prints the addresses other devices reach it at, not '<this PC's address>'.
import { describe, expect, it } from 'vitest';
import type { NetworkInterfaceInfo } from 'node:os';
import { shopAddresses, shopLinks } from '../src/http/shop-addresses';

const v4 = (address: string, internal = false) => ({ address, family: 'IPv4', internal }) as NetworkInterfaceInfo;
const v6 = (address: string, internal = false) => ({ address, family: 'IPv6', internal }) as NetworkInterfaceInfo;

// A shop PC with Wi-Fi and a cable, loopback, and IPv6 addresses of both kinds.
const pc = {
  lo: [v4('127.0.0.1', true), v6('::1', true)],
  eth0: [v4('192.168.1.20'), v6('fe80::1c2b:3aff:fe4d:5e6f'), v6('2001:db8::20')],
  wlan0: [v4('10.0.0.7'), v4('169.254.10.3')],
};

describe('shopAddresses', () => {
  it('listening on every IPv4 interface: each IPv4 address but loopback and link-local', () => {
    expect(shopAddresses('0.0.0.0', pc)).toEqual(['192.168.1.20', '10.0.0.7']);
  });

  it("listening on '::': the IPv6 addresses too, in brackets, after the IPv4 ones", () => {
    expect(shopAddresses('::', pc)).toEqual(['192.168.1.20', '10.0.0.7', '[2001:db8::20]']);
  });

  it('bound to one address: that address only', () => {
    expect(shopAddresses('192.168.1.20', pc)).toEqual(['192.168.1.20']);
  });

  it('bound to loopback, or a PC with no network: none (no other device can reach it)', () => {
    expect(shopAddresses('127.0.0.1', pc)).toEqual([]);
    expect(shopAddresses('localhost', pc)).toEqual([]);
    expect(shopAddresses('0.0.0.0', { lo: pc.lo })).toEqual([]);
    expect(shopAddresses('0.0.0.0', {})).toEqual([]);
  });
});

describe('shopLinks', () => {
  it('one link per address, with the path given', () => {
    expect(shopLinks({ scheme: 'https', host: '0.0.0.0', port: 8080, path: '/?setup=K7QX-M2PD', interfaces: pc })).toEqual([
      'https://192.168.1.20:8080/?setup=K7QX-M2PD',
      'https://10.0.0.7:8080/?setup=K7QX-M2PD',
    ]);
  });
});
