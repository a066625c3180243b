-- citext: case-insensitive emails. pg_trgm: fuzzy name search. Both ship with PostgreSQL and PGlite.
CREATE EXTENSION IF NOT EXISTS citext;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
