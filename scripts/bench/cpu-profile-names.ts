// Names a CPU profile's frames through the built app's source maps (build with `sourcemap: true`),
// for the profiling scripts beside this one.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** A frame's original function and file (`key`: 'name file:line'), or its built ones without a map. */
export function frameNamer(root: string, baseUrl: string): (frame: CallFrame) => { key: string; file: string } {
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const file = join(root, 'dist/client', new URL(url).pathname + '.map');
      maps.set(url, url.startsWith(baseUrl) && existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
    }
    return maps.get(url)!;
  };
  return ({ functionName, url, lineNumber, columnNumber }) => {
    const built = url.replace(baseUrl, '');
    const map = url.startsWith('http') && lineNumber >= 0 ? mapOf(url) : null;
    const pos = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
    if (!pos?.source) return { key: `${functionName || '(anon)'} ${built}:${lineNumber + 1}`, file: built || '(native)' };
    const file = pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
    return { key: `${functionName || pos.name || '(anon)'} ${file}:${pos.line}`, file };
  };
}
