import type { PrintScriptName } from '@shared/reports/print-scripts';
import { readScriptFontBytes, scriptFontsFrom, type ScriptFonts } from '@shared/reports/script-fonts';

// The fonts of the scripts a report PDF holds (shared/reports/print-scripts.ts), and HarfBuzz: fetched
// by the PDF worker only for such a report, and only those scripts' files (HarfBuzz's WebAssembly is
// about 0.4 MB, a font 15 KB to 2.8 MB), from the service worker's precache when offline. Vite gives each
// file a hashed URL, found here by its name.
const fontUrls = import.meta.glob<string>('../../../../shared/fonts/report-*.ttf', { query: '?url', import: 'default', eager: true });
const urlOf = new Map(Object.entries(fontUrls).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));

async function fetchBytes(file: string): Promise<Uint8Array> {
  const url = urlOf.get(file);
  if (!url) throw new Error(`The font ${file} is not in this build.`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The font for this report's writing could not be loaded (${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function loadScriptFonts(scripts: PrintScriptName[]): Promise<ScriptFonts> {
  const [hb, bytes] = await Promise.all([import('harfbuzzjs'), readScriptFontBytes(scripts, fetchBytes)]);
  return scriptFontsFrom(hb, bytes);
}
