/**
 * The address a request came from, for the login throttle, the registration limits and the first
 * account's "on this PC" rule (auth/first-account.ts). Behind a reverse proxy (several server processes
 * behind one address, README 'Running a chain on PostgreSQL') every socket is the proxy's, often
 * 127.0.0.1: taken as it is, anyone's first account would be made "on this PC", and one guesser would
 * hold every login. So when the socket is one of `trustedProxies` (TRUSTED_PROXY), the address is the
 * last one in X-Forwarded-For that is not a trusted proxy: the one the nearest trusted proxy saw. The
 * header's earlier entries are the client's own word and are not believed.
 */
export function clientAddressOf(socketAddress: string, forwardedFor: string | undefined, trustedProxies: readonly string[]): string {
  if (!trustedProxies.includes(socketAddress) || !forwardedFor) return socketAddress;
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trustedProxies.includes(hops[i]!)) return hops[i]!;
  return hops[0] ?? socketAddress;
}

/** TRUSTED_PROXY as a list: addresses separated by commas. */
export const trustedProxyList = (setting: string | undefined): string[] =>
  (setting ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
