import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../src/auth/login-throttle';
import { hashPassword } from '../src/auth/passwords';
import { makeTestServer, type TestServer } from './helpers';

// Issue 24, point 5: five wrong passwords from anyone on the shop's network locked the Admin out for
// 15 minutes, right password included. The throttle counts per account at an address and per
// address; an address with no recent failures is let through.

const options = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 20, maxPerAccountAnyAddress: 12 };
const now = 1_000_000;

/** Fails `account` from `address` `times` times. */
function fail(throttle: LoginThrottle, account: string, address: string, times: number): void {
  for (let i = 0; i < times; i++) throttle.recordFailure(account, address, now);
}

describe('LoginThrottle', () => {
  const cases: { name: string; failures: [account: string, address: string, times: number][]; ask: [string, string]; held: boolean }[] = [
    { name: 'five failures hold that account at that address', failures: [['admin', '10.0.0.9', 5]], ask: ['admin', '10.0.0.9'], held: true },
    { name: 'four failures do not', failures: [['admin', '10.0.0.9', 4]], ask: ['admin', '10.0.0.9'], held: false },
    { name: "another's five failures do not hold the owner at an address with none", failures: [['admin', '10.0.0.9', 5]], ask: ['admin', '10.0.0.2'], held: false },
    {
      name: 'twenty failures hold the address for every account',
      failures: [
        ['a', '10.0.0.9', 4],
        ['b', '10.0.0.9', 4],
        ['c', '10.0.0.9', 4],
        ['d', '10.0.0.9', 4],
        ['e', '10.0.0.9', 4],
      ],
      ask: ['admin', '10.0.0.9'],
      held: true,
    },
    {
      name: 'an account guessed at from many addresses is held at the failing ones',
      failures: [
        ['admin', '10.0.0.3', 4],
        ['admin', '10.0.0.4', 4],
        ['admin', '10.0.0.5', 4],
      ],
      ask: ['admin', '10.0.0.5'],
      held: true,
    },
    {
      name: '... and not at an address with no failures',
      failures: [
        ['admin', '10.0.0.3', 4],
        ['admin', '10.0.0.4', 4],
        ['admin', '10.0.0.5', 4],
      ],
      ask: ['admin', '10.0.0.2'],
      held: false,
    },
  ];
  for (const { name, failures, ask, held } of cases) {
    it(name, () => {
      const throttle = new LoginThrottle(options);
      for (const [account, address, times] of failures) fail(throttle, account, address, times);
      const wait = throttle.waitFor(ask[0], ask[1], now + 1000);
      if (held) expect(wait).toBeGreaterThan(0);
      else expect(wait).toBe(0);
    });
  }

  it('a success clears the account at that address only', () => {
    const throttle = new LoginThrottle(options);
    fail(throttle, 'admin', '10.0.0.9', 4);
    throttle.recordSuccess('admin', '10.0.0.9');
    fail(throttle, 'admin', '10.0.0.9', 4);
    expect(throttle.waitFor('admin', '10.0.0.9', now)).toBe(0);
  });

  it('lets the address try again once the window has passed', () => {
    const throttle = new LoginThrottle(options);
    fail(throttle, 'admin', '10.0.0.9', 5);
    expect(throttle.waitFor('admin', '10.0.0.9', now + options.windowMs - 1)).toBe(1);
    expect(throttle.waitFor('admin', '10.0.0.9', now + options.windowMs)).toBe(0);
  });
});

describe('POST /api/user/login from two addresses', () => {
  /** A login as it arrives over the network from `address`. */
  async function loginFrom(app: TestServer['app'], address: string, email: string, password: string) {
    const env = { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: 'IPv4' } } };
    const response = await app.request('/api/user/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) }, env);
    return response.status;
  }

  it('five wrong passwords from one address do not keep the owner out at another', async () => {
    const server = await makeTestServer();
    try {
      const admin = await server.userWithRole('Admin', { passwordHash: await hashPassword('the-right-one') });
      for (let i = 0; i < 5; i++) expect(await loginFrom(server.app, '10.0.0.9', admin.email, 'a-wrong-one')).toBe(401);
      expect(await loginFrom(server.app, '10.0.0.9', admin.email, 'the-right-one')).toBe(429);
      expect(await loginFrom(server.app, '10.0.0.2', admin.email, 'the-right-one')).toBe(200);
    } finally {
      server.close();
    }
  });
});
