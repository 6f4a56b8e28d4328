// The top functions of a V8 .cpuprofile by self time, and by total (inclusive) time:
//   npx tsx scripts/bench/profile-top.ts file.cpuprofile [--top 30]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}
const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '30' } } });
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as { nodes: Node[]; startTime: number; endTime: number; samples: number[] };
const top = Number(values.top);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const sampleMs = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
const name = (node: Node) =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|shared|scripts)\//, '$1/')}:${node.callFrame.lineNumber + 1}`;
const self = new Map<string, number>();
const total = new Map<string, number>();
for (const node of profile.nodes) {
  const key = name(node);
  self.set(key, (self.get(key) ?? 0) + node.hitCount);
  // Inclusive: each frame name counted once per sample stack.
  const seen = new Set<string>();
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const k = name(byId.get(id)!);
    if (seen.has(k)) continue;
    seen.add(k);
    total.set(k, (total.get(k) ?? 0) + node.hitCount);
  }
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`${title} (ms)`);
  for (const [key, hits] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(hits * sampleMs).toFixed(0).padStart(7)}  ${key}`);
};
console.log(`profile: ${((profile.endTime - profile.startTime) / 1e6).toFixed(2)} s, ${profile.samples.length} samples`);
print('self', self);
print('total', total);
