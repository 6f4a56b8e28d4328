// A zip of stored (uncompressed) files, written by us (issue 43: the whole shop as one zip of CSV
// files). STORE is method 0 of the zip format (PKWARE APPNOTE 4.4.5): each file's bytes as they are,
// after a local header, then the central directory and its end record. CSV compresses well, but a
// deflate would be a dependency or much more code, and the zip is saved on the device, not sent.
// Names are UTF-8 (flag bit 11). No ZIP64: a file or the whole zip over 4 GiB is refused.

/** One file of the zip: its bytes as chunks (never joined here), with their CRC-32 and length. */
export interface ZipEntry {
  name: string;
  chunks: readonly Uint8Array[];
  crc: number;
  size: number;
}

const limit = 0xffff_ffff;
const encoder = new TextEncoder();

/** MS-DOS time and date of a moment in local time (2-second steps, years 1980 to 2107). */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getFullYear(), 1980), 2107);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

function header(size: number, write: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(size);
  write(new DataView(bytes.buffer));
  return bytes;
}

/**
 * The zip's bytes as a list of parts, in order (a Blob takes them as they are, so no file is
 * copied into one buffer): per file a local header and its chunks, then the central directory.
 */
export function zipParts(entries: readonly ZipEntry[], at = new Date()): Uint8Array[] {
  const { time, date } = dosTime(at);
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    if (entry.size > limit || offset > limit) throw new Error('The export is too large for a zip (over 4 GiB).');
    // Version 2.0, UTF-8 names, stored, then time, date, CRC, sizes (compressed = uncompressed) and the name's length.
    const common = (view: DataView, at: number) => {
      view.setUint16(at, 20, true);
      view.setUint16(at + 2, 0x0800, true);
      view.setUint16(at + 4, 0, true);
      view.setUint16(at + 6, time, true);
      view.setUint16(at + 8, date, true);
      view.setUint32(at + 10, entry.crc >>> 0, true);
      view.setUint32(at + 14, entry.size, true);
      view.setUint32(at + 18, entry.size, true);
      view.setUint16(at + 22, name.length, true);
    };
    parts.push(
      header(30, (view) => {
        view.setUint32(0, 0x04034b50, true);
        common(view, 4);
      }),
      name,
      ...entry.chunks,
    );
    central.push(
      header(46, (view) => {
        view.setUint32(0, 0x02014b50, true);
        // Made by Unix, version 2.0: Info-ZIP reads an MS-DOS archive's names as the OEM code page
        // whatever the UTF-8 flag says, and Sinhala names came out garbled. A plain file, rw-r--r--.
        view.setUint16(4, 0x0314, true);
        common(view, 6);
        view.setUint32(38, 0o100644 << 16, true);
        view.setUint32(42, offset, true); // the local header's offset
      }),
      name,
    );
    offset += 30 + name.length + entry.size;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  if (offset + centralSize > limit || entries.length > 0xffff) throw new Error('The export is too large for a zip (over 4 GiB).');
  const end = header(22, (view) => {
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, entries.length, true);
    view.setUint16(10, entries.length, true);
    view.setUint32(12, centralSize, true);
    view.setUint32(16, offset, true);
  });
  return [...parts, ...central, end];
}
