import { describe, expect, it } from 'vitest';
import { decodeChunks, readChunkBytes } from './decode-chunks';

const collect = async (chunks: AsyncGenerator<string>) => {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
};

describe('decodeChunks', () => {
  it('keeps a Sinhala letter cut between two slices whole, and drops the BOM', async () => {
    const line = 'සුනිල් පෙරේරා,0771234567\n';
    const body = line.repeat(Math.ceil((readChunkBytes * 2.5) / line.length));
    const file = new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), new TextEncoder().encode(body)]);
    expect(await collect(decodeChunks(file, 'utf-8'))).toBe(body);
  });

  it('reads UTF-16 LE cut at an odd byte', async () => {
    const text = 'Name\tPhone\nசுனில்\t077\n'.repeat(40_000);
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) new DataView(bytes.buffer).setUint16(2 + i * 2, text.charCodeAt(i), true);
    expect(bytes.length % readChunkBytes).not.toBe(0);
    expect(await collect(decodeChunks(new Blob([bytes]), 'utf-16le'))).toBe(text);
  });

  it('reads Windows-1252', async () => {
    expect(await collect(decodeChunks(new Blob([new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80])]), 'windows-1252'))).toBe('Café €');
  });
});
