// The long randomised tests run in two sizes. `npm test` (the gate) runs them short, on a fixed set
// of seeds, so that every operation kind and every kind of kill still happens in a few minutes on a
// 2-core machine; `npm run test:soak` sets TEST_SOAK=1 and runs them at full length on several seeds.

/** True under `npm run test:soak`. */
export const soak = process.env.TEST_SOAK === '1';

/**
 * The seeds a randomised test runs: the one in the environment variable `envName` when set (to replay
 * one run exactly), else the gate's fixed seeds, or the soak's under TEST_SOAK=1.
 */
export function seedsToRun(envName: string, gateSeeds: number[], soakSeeds: number[]): number[] {
  const raw = process.env[envName];
  if (raw === undefined || raw === '') return soak ? soakSeeds : gateSeeds;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`${envName} must be an integer, got ${raw}`);
  return [value >>> 0];
}

/** The gate's size or the soak's; an integer in the environment variable `envName` overrides both. */
export function sizeToRun(envName: string, gateSize: number, soakSize: number): number {
  const raw = Number(process.env[envName] ?? '');
  return Number.isInteger(raw) && raw > 0 ? raw : soak ? soakSize : gateSize;
}
