// A server-to-client text frame (RFC 6455 base framing: final, unmasked, opcode 1), built once per event and
// written as-is to every recipient's connection. `ws` would frame, and write in two parts, once per
// socket; a fan-out to 10,000 sockets does that work once.

/** The complete frame carrying this text. */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, header, 'utf8');
  return frame;
}
