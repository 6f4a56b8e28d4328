// The poke stream's wake-up (server/src/sync/wakeup.ts): a write that commits while the stream is
// busy writing the previous poke must still wake it, not wait for the next keep-alive (20 s).
import { describe, expect, it } from 'vitest';
import { Wakeup } from '../src/sync/wakeup';

const timed = async (wait: Promise<boolean>) => {
  const started = Date.now();
  const woken = await wait;
  return { woken, ms: Date.now() - started };
};

describe('Wakeup', () => {
  it.each([
    { when: 'set while nobody waits (the stream was writing)', before: 1, during: 0, woken: true, fast: true },
    { when: 'set twice while nobody waits: one wake-up', before: 2, during: 0, woken: true, fast: true },
    { when: 'set while waiting', before: 0, during: 1, woken: true, fast: true },
    { when: 'never set: the keep-alive time passes', before: 0, during: 0, woken: false, fast: false },
  ])('$when', async ({ before, during, woken, fast }) => {
    const wakeup = new Wakeup();
    for (let i = 0; i < before; i++) wakeup.set();
    const wait = timed(wakeup.wait(300));
    for (let i = 0; i < during; i++) setTimeout(() => wakeup.set(), 20);
    const result = await wait;
    expect(result.woken).toBe(woken);
    if (fast) expect(result.ms).toBeLessThan(200);
    else expect(result.ms).toBeGreaterThanOrEqual(290);
    // Each wake-up is used once: the next wait sleeps its time out.
    expect((await timed(wakeup.wait(50))).woken).toBe(false);
  });
});
