import { networkInterfaces } from 'node:os';

type Interfaces = ReturnType<typeof networkInterfaces>;

// Link-local addresses (169.254/16, fe80::/10) are what a card gets with no router: a tablet on the
// shop's Wi-Fi does not reach them, and an IPv6 one would need its zone in the link.
const linkLocal = (address: string) => address.startsWith('169.254.') || /^fe[89ab][0-9a-f]:/i.test(address);
const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1']);

/**
 * The addresses other devices on the shop's network reach this PC at, for the links the server
 * prints at start (issue 47: it printed '<this PC's address>' and left the shop to find it). Listening
 * on 0.0.0.0 is every IPv4 address; on '::' (IPv4 and IPv6 at once) the IPv6 ones too, bracketed as a
 * link writes them; bound to one address, that one; bound to loopback, none.
 */
export function shopAddresses(host: string, interfaces: Interfaces = networkInterfaces()): string[] {
  if (loopbackHosts.has(host)) return [];
  if (host !== '0.0.0.0' && host !== '::') return [host.includes(':') ? `[${host}]` : host];
  const entries = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((entry) => !entry.internal && !linkLocal(entry.address));
  const ipv4 = entries.filter((entry) => entry.family === 'IPv4').map((entry) => entry.address);
  const ipv6 = host === '::' ? entries.filter((entry) => entry.family === 'IPv6').map((entry) => `[${entry.address}]`) : [];
  return [...ipv4, ...ipv6];
}

/** A link to `path` at each of the shop addresses. */
export function shopLinks(to: { scheme: string; host: string; port: number; path: string; interfaces?: Interfaces }): string[] {
  return shopAddresses(to.host, to.interfaces).map((address) => `${to.scheme}://${address}:${to.port}${to.path}`);
}
