// Draws the app icons (a gear-like ring on the brand colour) as PNGs without any image library.
// Run once: node scripts/make-icons.mjs. The output is committed under client/public/icons.
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';

const brand = [0x1f, 0x3a, 0x68];
const accent = [0xf5, 0xa5, 0x24];
const white = [0xff, 0xff, 0xff];

function crc32(buffer) {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x / size, y / size);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

// scale < 1 keeps the drawing inside the maskable safe zone (a circle of 80 % of the size).
function gear(scale, rounded) {
  return (u, v) => {
    const x = (u - 0.5) / scale;
    const y = (v - 0.5) / scale;
    const r = Math.hypot(x, y);
    const angle = Math.atan2(y, x);
    const corner = 0.18;
    const outsideRounded =
      rounded &&
      Math.max(Math.abs(u - 0.5), Math.abs(v - 0.5)) > 0.5 - corner &&
      Math.hypot(Math.max(Math.abs(u - 0.5) - (0.5 - corner), 0), Math.max(Math.abs(v - 0.5) - (0.5 - corner), 0)) > corner;
    if (outsideRounded) return [0, 0, 0, 0];
    const teeth = Math.cos(angle * 8) > 0.3 ? 0.36 : 0.3;
    if (r < 0.09) return [...accent, 255];
    if (r > 0.17 && r < teeth) return [...white, 255];
    return [...brand, 255];
  };
}

mkdirSync('client/public/icons', { recursive: true });
writeFileSync('client/public/icons/icon-192.png', png(192, gear(1, true)));
writeFileSync('client/public/icons/icon-512.png', png(512, gear(1, true)));
writeFileSync('client/public/icons/icon-maskable-512.png', png(512, gear(0.75, false)));
console.log('icons written to client/public/icons');
