/**
 * Code 128 (ISO/IEC 15417), code set B: the barcode a counter scanner reads. The printed invoice
 * carries its number in it, so the Returns screen finds the sale with one scan (issue 26). Code set
 * B holds every printable ASCII character, which covers invoice and credit note numbers.
 *
 * Each symbol is six alternating bar and space widths (in modules, 11 in all); the stop has seven.
 */
const patterns = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];
const startB = 104;
const stop = 106;

/** The quiet zone each side, in modules (the standard asks for at least 10). */
export const quietModules = 10;

/**
 * The bars and spaces of `text` in code set B, start to stop, as widths in modules (bar first).
 * Throws on a character outside printable ASCII, which code set B cannot hold.
 */
export function code128Widths(text: string): number[] {
  const values = [...text].map((char) => {
    const code = char.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error(`Code 128 B cannot hold ${JSON.stringify(char)}.`);
    return code - 32;
  });
  const checksum = values.reduce((sum, value, index) => sum + value * (index + 1), startB) % 103;
  return [startB, ...values, checksum, stop].flatMap((symbol) => [...patterns[symbol]!].map(Number));
}

/** The drawing of `text`: its width in modules, quiet zones included, and each bar's left edge and width. */
export function code128Drawing(text: string): { modules: number; bars: { x: number; width: number }[] } {
  const widths = code128Widths(text);
  const bars: { x: number; width: number }[] = [];
  let x = quietModules;
  widths.forEach((width, index) => {
    if (index % 2 === 0) bars.push({ x, width });
    x += width;
  });
  return { modules: x + quietModules, bars };
}
