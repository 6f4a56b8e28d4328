import { compareEntries, type Entry } from './entries';
import { nextTask } from './next-task';
import { sliceMs } from './tuning';

/** Sorted runs merged into one sorted list, a pair at a time, in slices of at most `sliceMs` between `pause`s. */
export async function mergeRuns(runs: Entry[][], pause: () => Promise<void> = nextTask): Promise<Entry[]> {
  let level = runs.filter((run) => run.length > 0);
  let sliceStart = performance.now();
  while (level.length > 1) {
    const next: Entry[][] = [];
    for (let r = 0; r < level.length; r += 2) {
      const a = level[r]!;
      const b = level[r + 1];
      if (!b) {
        next.push(a);
        continue;
      }
      const merged = new Array<Entry>(a.length + b.length);
      let i = 0;
      let j = 0;
      let k = 0;
      while (i < a.length || j < b.length) {
        merged[k++] = j >= b.length || (i < a.length && compareEntries(a[i]!, b[j]!) <= 0) ? a[i++]! : b[j++]!;
        if ((k & 1023) === 0 && performance.now() - sliceStart > sliceMs) {
          await pause();
          sliceStart = performance.now();
        }
      }
      next.push(merged);
    }
    level = next;
  }
  return level[0] ?? [];
}
