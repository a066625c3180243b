-- Search folds names the same way on both sides of a comparison: accents removed (unaccent ships
-- with PostgreSQL's contrib and with PGlite) and lower case. unaccent() itself is only STABLE, since
-- its dictionary could be changed, so it cannot be indexed; this wrapper names the dictionary and is
-- declared IMMUTABLE, which is what lets the trigram indexes of the next migration hold folded names
-- (docs/decisions/029-search-trigram-indexes.md).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION caredeck_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
