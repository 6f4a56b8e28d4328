import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PdfLibrary } from '@shared/reports/report-pdf';
import { scriptFontFiles, scriptFontsFrom, type ScriptFonts } from '@shared/reports/script-fonts';
import { projectRoot } from '../project-root';

let loading: Promise<PdfLibrary> | undefined;
let loadingScripts: Promise<ScriptFonts> | undefined;

/** Retried on the next PDF when a load fails, rather than failing every PDF after it. */
function remembered<T>(load: () => Promise<T>, forget: () => void): Promise<T> {
  return load().catch((error: unknown) => {
    forget();
    throw error;
  });
}

/** HarfBuzz and the Sinhala and Tamil fonts of shared/fonts/, for a report that holds such text. */
function scriptFonts(): Promise<ScriptFonts> {
  loadingScripts ??= remembered(
    async () => {
      const read = async (file: string) => new Uint8Array(await readFile(join(projectRoot(), 'shared', 'fonts', file)));
      const [hb, sinhalaNormal, sinhalaBold, tamilNormal, tamilBold] = await Promise.all([
        import('harfbuzzjs'),
        read(scriptFontFiles.sinhala.normal),
        read(scriptFontFiles.sinhala.bold),
        read(scriptFontFiles.tamil.normal),
        read(scriptFontFiles.tamil.bold),
      ]);
      return scriptFontsFrom(hb, { sinhala: { normal: sinhalaNormal, bold: sinhalaBold }, tamil: { normal: tamilNormal, bold: tamilBold } });
    },
    () => (loadingScripts = undefined),
  );
  return loadingScripts;
}

/** jsPDF (its node build), loaded at the first PDF rather than at every start; the script fonts too. */
export async function pdfLibrary(withScriptFonts = false): Promise<PdfLibrary> {
  loading ??= remembered(
    () => import('jspdf').then(({ jsPDF }) => ({ JsPdf: jsPDF })),
    () => (loading = undefined),
  );
  const library = await loading;
  return withScriptFonts ? { ...library, scriptFonts: await scriptFonts() } : library;
}
