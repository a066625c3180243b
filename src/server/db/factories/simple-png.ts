import { deflateSync } from 'node:zlib';

// A genuine PNG drawn by code (8-bit RGB, no filter): the demo's scanned insurance cards. A card
// shape with a coloured header band and a few grey "text" bars, enough to look like a scan.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type Rgb = readonly [number, number, number];

/** A card-like image, `width`×`height`, in the `accent` colour. */
export function cardPng(width: number, height: number, accent: Rgb): Buffer {
  const rows: Buffer[] = [];
  const bars = [0.42, 0.55, 0.68, 0.81];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      let pixel: Rgb = [250, 250, 247];
      if (y < height * 0.25) pixel = accent;
      else {
        const bar = bars.findIndex((b) => Math.abs(y / height - b) < 0.03);
        if (bar >= 0 && x > width * 0.08 && x < width * (0.8 - bar * 0.12)) pixel = [120, 124, 130];
      }
      row.set(pixel, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
