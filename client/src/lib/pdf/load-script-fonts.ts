import { scriptFontsFrom, type ScriptFontBytes, type ScriptFonts } from '@shared/reports/script-fonts';

// The Sinhala and Tamil fonts and HarfBuzz, for a report PDF that holds such text: fetched by the
// PDF worker only then (about 0.8 MB with HarfBuzz's WebAssembly), from the service worker's precache
// when offline. Vite gives each file a hashed URL; the names match scriptFontFiles.
const urls = {
  sinhala: {
    normal: new URL('../../../../shared/fonts/report-sinhala-regular.ttf', import.meta.url),
    bold: new URL('../../../../shared/fonts/report-sinhala-bold.ttf', import.meta.url),
  },
  tamil: {
    normal: new URL('../../../../shared/fonts/report-tamil-regular.ttf', import.meta.url),
    bold: new URL('../../../../shared/fonts/report-tamil-bold.ttf', import.meta.url),
  },
};

async function fetchBytes(url: URL): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The font for Sinhala and Tamil could not be loaded (${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function loadScriptFonts(): Promise<ScriptFonts> {
  const [hb, sinhalaNormal, sinhalaBold, tamilNormal, tamilBold] = await Promise.all([
    import('harfbuzzjs'),
    fetchBytes(urls.sinhala.normal),
    fetchBytes(urls.sinhala.bold),
    fetchBytes(urls.tamil.normal),
    fetchBytes(urls.tamil.bold),
  ]);
  const bytes: ScriptFontBytes = { sinhala: { normal: sinhalaNormal, bold: sinhalaBold }, tamil: { normal: tamilNormal, bold: tamilBold } };
  return scriptFontsFrom(hb, bytes);
}
