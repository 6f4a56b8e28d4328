import { readFile } from 'node:fs/promises';
import type * as HarfBuzz from 'harfbuzzjs';
import { join } from 'node:path';
import type { PdfLibrary } from '@shared/reports/report-pdf';
import type { PrintScriptName } from '@shared/reports/print-scripts';
import { readScriptFontBytes, scriptFontsFrom, type ScriptFontBytes, type ScriptFonts } from '@shared/reports/script-fonts';
import { projectRoot } from '../project-root';

let loading: Promise<PdfLibrary> | undefined;
let loadingHarfBuzz: Promise<typeof HarfBuzz> | undefined;
/** Each script's font bytes, read at its first report and kept (15 KB to 2.8 MB a file). */
const loadingScripts = new Map<PrintScriptName, Promise<ScriptFontBytes>>();

/** Retried on the next PDF when a load fails, rather than failing every PDF after it. */
function remembered<T>(load: () => Promise<T>, forget: () => void): Promise<T> {
  return load().catch((error: unknown) => {
    forget();
    throw error;
  });
}

const read = async (file: string) => new Uint8Array(await readFile(join(projectRoot(), 'shared', 'fonts', file)));

/** HarfBuzz and the fonts of shared/fonts/ for these scripts, for a report that holds them. */
async function scriptFonts(scripts: PrintScriptName[]): Promise<ScriptFonts> {
  loadingHarfBuzz ??= remembered(
    () => import('harfbuzzjs'),
    () => (loadingHarfBuzz = undefined),
  );
  const perScript = scripts.map((script) => {
    let bytes = loadingScripts.get(script);
    if (!bytes) {
      bytes = remembered(
        () => readScriptFontBytes([script], read),
        () => loadingScripts.delete(script),
      );
      loadingScripts.set(script, bytes);
    }
    return bytes;
  });
  const [hb, ...bytes] = await Promise.all([loadingHarfBuzz, ...perScript]);
  return scriptFontsFrom(hb, Object.assign({}, ...bytes) as ScriptFontBytes);
}

/** jsPDF (its node build), loaded at the first PDF rather than at every start; the scripts' fonts too. */
export async function pdfLibrary(scripts: PrintScriptName[] = []): Promise<PdfLibrary> {
  loading ??= remembered(
    () => import('jspdf').then(({ jsPDF }) => ({ JsPdf: jsPDF })),
    () => (loading = undefined),
  );
  const library = await loading;
  return scripts.length > 0 ? { ...library, scriptFonts: await scriptFonts(scripts) } : library;
}
