// Every test file starts with passwords hashed cheaply (vitest.config.ts, setupFiles). At the
// production cost (scrypt N=2^16, r=8, p=2, 64 MiB) one hash or login takes about 0.4 s on a 2-core
// machine: the randomised sync run logs in about a thousand times, and the whole suite spent some
// ten minutes of its seventeen hashing. The cost is a parameter of the same code, not another path.
// Still at the production cost: server/test/passwords.test.ts (hashing itself, the upgrade at login),
// server/test/registration.test.ts (its "refused before any hashing" is timed), and every server a
// test spawns as a process (tests/crash/sigkill.test.ts, first-account, restore).
import { usePasswordCostForTests } from '@server/auth/passwords';

/** About 3 ms a hash (1 MiB). */
export const cheapPasswordCost = { N: 1 << 10, r: 8, p: 1 };

usePasswordCostForTests(cheapPasswordCost);
