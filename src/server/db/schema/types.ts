import { customType } from 'drizzle-orm/pg-core';

/** Case-insensitive text (the citext extension): emails compare without regard to case. */
export const citext = customType<{ data: string }>({
  dataType() {
    return 'citext';
  },
});

/** Raw bytes. PGlite answers a Uint8Array and `pg` a Buffer; both come back as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  },
});
