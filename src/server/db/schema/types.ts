import { customType } from 'drizzle-orm/pg-core';

/** Case-insensitive text (the citext extension): emails compare without regard to case. */
export const citext = customType<{ data: string }>({
  dataType() {
    return 'citext';
  },
});
