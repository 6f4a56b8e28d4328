import type { TextEncoding } from '@shared/import/detect-encoding';

/** Bytes read at a time: the file is never in memory whole (issue 43, Speed: memory bounded while reading). */
export const readChunkBytes = 1 << 20;

/**
 * A file's text, a slice at a time, decoded as it comes: a character cut between two slices (a
 * Sinhala letter is 3 bytes in UTF-8) is completed by the next one, which a decoder per slice would
 * turn into garbage. The BOM is dropped by the decoder. `onBytes` is told how far it has read.
 */
export async function* decodeChunks(file: Blob, encoding: TextEncoding, onBytes?: (read: number) => void): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for (let start = 0; start < file.size; start += readChunkBytes) {
    const bytes = new Uint8Array(await file.slice(start, start + readChunkBytes).arrayBuffer());
    const text = decoder.decode(bytes, { stream: true });
    onBytes?.(Math.min(file.size, start + readChunkBytes));
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}
