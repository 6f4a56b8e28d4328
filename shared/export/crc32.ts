// CRC-32 (IEEE 802.3, the zip format's), by a 256-entry table. Ours, not node:zlib's crc32: the
// device builds the shop's zip in the browser (issue 43), where node:zlib does not exist.

const table = (() => {
  const entries = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    entries[n] = c >>> 0;
  }
  return entries;
})();

/** The running CRC after `bytes`, from `crc` (0 to start): call it chunk after chunk. */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = table[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
