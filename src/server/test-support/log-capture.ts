import { Writable } from 'node:stream';

export interface LogCapture {
  /** Pass as `logStream` to buildApp / createTestApp. */
  stream: Writable;
  /** Every line written so far. */
  lines(): string[];
  /** Every line parsed as JSON (pino writes one object per line). */
  entries(): Array<Record<string, unknown>>;
}

/** Collects what the app logs, to check what is (and is not) written. */
export function captureLogs(): LogCapture {
  let buffer = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      buffer += chunk.toString();
      callback();
    },
  });
  const lines = () => buffer.split('\n').filter((line) => line.trim() !== '');
  return {
    stream,
    lines,
    entries: () => lines().map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
