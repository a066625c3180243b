import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { UserListQuery, UserSort } from '../../../contracts/user-admin';
import type { Database } from '../../db/client';
import { doctorProfiles, users, type NewDoctorProfileRow, type NewUserRow } from '../../db/schema';

// Queries of the admin user screens. Only admins (or holders of users.*) reach this module, and
// they see every account, so nothing here is scoped further; what leaves is the admin row below.

/** The columns an admin sees of an account; the password hash only as "has one". */
const adminColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  position: users.position,
  specialty: doctorProfiles.specialty,
  isActive: users.isActive,
  hasPassword: isNotNull(users.passwordHash),
  isFirstTimeLogin: users.isFirstTimeLogin,
  createdAt: users.createdAt,
};

export type AdminUserRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: NewUserRow['role'] & string;
  position: string | null;
  specialty: string | null;
  isActive: boolean;
  hasPassword: boolean;
  isFirstTimeLogin: boolean;
  createdAt: Date;
};

/** Sort keys to columns: an allow-list (SECURITY.md: ORDER BY never comes from the request). */
const SORT_COLUMNS: Record<UserSort, SQL[]> = {
  name: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`],
  email: [sql`${users.email}`],
  role: [sql`${users.role}`, sql`lower(${users.lastName})`],
  createdAt: [sql`${users.createdAt}`],
};

/** LIKE wildcards in what a person typed are literal characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** PostgreSQL unique_violation; the only unique column a new account can collide on is its email. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export class UserAdminRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (repository: UserAdminRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => {
      const bound = tx as unknown as Database;
      return fn(new UserAdminRepository(bound), bound);
    });
  }

  async list(query: Required<Pick<UserListQuery, 'sort' | 'direction' | 'page' | 'pageSize'>> & UserListQuery) {
    const search = query.search?.trim();
    const where = and(
      search
        ? or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, likePattern(search)), ilike(users.email, likePattern(search)))
        : undefined,
      query.role ? eq(users.role, query.role) : undefined,
      query.status ? eq(users.isActive, query.status === 'active') : undefined,
    );
    const order = query.direction === 'desc' ? desc : asc;
    const page = Number(query.page);
    const pageSize = Number(query.pageSize);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(adminColumns)
        .from(users)
        .leftJoin(doctorProfiles, eq(doctorProfiles.userId, users.id))
        .where(where)
        // The id last: a stable order, so paging never shows a row twice or skips one.
        .orderBy(...SORT_COLUMNS[query.sort].map((column) => order(column)), asc(users.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows: rows as AdminUserRow[], total: total?.n ?? 0 };
  }

  async findById(userId: string): Promise<AdminUserRow | null> {
    const [row] = await this.db
      .select(adminColumns)
      .from(users)
      .leftJoin(doctorProfiles, eq(doctorProfiles.userId, users.id))
      .where(eq(users.id, userId));
    return (row as AdminUserRow | undefined) ?? null;
  }

  async insertUser(row: NewUserRow): Promise<string> {
    const [created] = await this.db.insert(users).values(row).returning({ id: users.id });
    return created!.id;
  }

  async insertDoctorProfile(row: NewDoctorProfileRow): Promise<void> {
    await this.db.insert(doctorProfiles).values(row);
  }

  /** Sets the flag; false when the account does not exist. */
  async setActive(userId: string, active: boolean, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ isActive: active, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    return rows.length === 1;
  }
}
