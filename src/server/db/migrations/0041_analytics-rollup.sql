CREATE TABLE "appointment_doctor_day_counts" (
	"day" date NOT NULL,
	"doctor_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "appointment_doctor_day_counts_day_doctor_id_status_pk" PRIMARY KEY("day","doctor_id","status")
);
--> statement-breakpoint
CREATE TABLE "appointment_doctor_month_counts" (
	"month" date NOT NULL,
	"doctor_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "appointment_doctor_month_counts_month_doctor_id_status_pk" PRIMARY KEY("month","doctor_id","status")
);
--> statement-breakpoint
CREATE TABLE "appointment_quarter_counts" (
	"quarter" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "appointment_quarter_counts_quarter_status_type_pk" PRIMARY KEY("quarter","status","type")
);
--> statement-breakpoint
DROP INDEX "appointments_doctor_starts_idx";--> statement-breakpoint
CREATE INDEX "appointments_doctor_starts_idx" ON "appointments" USING btree ("doctor_id","starts_at","status","type");--> statement-breakpoint
-- The counts follow every change of appointments in the same transaction, whoever makes it (the
-- application, a job, a cascade from a deleted account). Statement triggers see all of a statement's
-- rows at once: a bulk change adds one count per bucket, not one per row, and updates the buckets in
-- key order, so two transactions counting into the same buckets queue instead of deadlocking.
-- An update that moves no appointment to another bucket (a confirmation, a check-in time) nets to
-- zero and touches nothing. The three branches differ only in where the change's rows come from
-- (each trigger names its own transition tables); written out, rather than built as text and
-- executed, their plans are kept for the session: a write pays a fraction of a millisecond.
CREATE FUNCTION appointment_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH delta AS (SELECT starts_at, doctor_id, status, type, 1 AS n FROM new_rows),
    quarters AS (
      INSERT INTO appointment_quarter_counts AS c (quarter, status, type, n)
      SELECT date_bin(interval '15 minutes', starts_at, timestamptz '2000-01-01'), status, type, sum(n)
      FROM delta GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (quarter, status, type) DO UPDATE SET n = c.n + excluded.n
    ),
    days AS (
      INSERT INTO appointment_doctor_day_counts AS c (day, doctor_id, status, n)
      SELECT (starts_at AT TIME ZONE 'UTC')::date, doctor_id, status, sum(n)
      FROM delta GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (day, doctor_id, status) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO appointment_doctor_month_counts AS c (month, doctor_id, status, n)
    SELECT date_trunc('month', starts_at AT TIME ZONE 'UTC')::date, doctor_id, status, sum(n)
    FROM delta GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (month, doctor_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta AS (SELECT starts_at, doctor_id, status, type, -1 AS n FROM old_rows),
    quarters AS (
      INSERT INTO appointment_quarter_counts AS c (quarter, status, type, n)
      SELECT date_bin(interval '15 minutes', starts_at, timestamptz '2000-01-01'), status, type, sum(n)
      FROM delta GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (quarter, status, type) DO UPDATE SET n = c.n + excluded.n
    ),
    days AS (
      INSERT INTO appointment_doctor_day_counts AS c (day, doctor_id, status, n)
      SELECT (starts_at AT TIME ZONE 'UTC')::date, doctor_id, status, sum(n)
      FROM delta GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (day, doctor_id, status) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO appointment_doctor_month_counts AS c (month, doctor_id, status, n)
    SELECT date_trunc('month', starts_at AT TIME ZONE 'UTC')::date, doctor_id, status, sum(n)
    FROM delta GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (month, doctor_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    WITH delta AS (
      SELECT starts_at, doctor_id, status, type, 1 AS n FROM new_rows
      UNION ALL SELECT starts_at, doctor_id, status, type, -1 FROM old_rows
    ),
    quarters AS (
      INSERT INTO appointment_quarter_counts AS c (quarter, status, type, n)
      SELECT date_bin(interval '15 minutes', starts_at, timestamptz '2000-01-01'), status, type, sum(n)
      FROM delta GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (quarter, status, type) DO UPDATE SET n = c.n + excluded.n
    ),
    days AS (
      INSERT INTO appointment_doctor_day_counts AS c (day, doctor_id, status, n)
      SELECT (starts_at AT TIME ZONE 'UTC')::date, doctor_id, status, sum(n)
      FROM delta GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (day, doctor_id, status) DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO appointment_doctor_month_counts AS c (month, doctor_id, status, n)
    SELECT date_trunc('month', starts_at AT TIME ZONE 'UTC')::date, doctor_id, status, sum(n)
    FROM delta GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (month, doctor_id, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    -- A count falls to zero only where an old row left: those buckets go.
    WITH gone AS (SELECT DISTINCT starts_at, doctor_id, status, type FROM old_rows),
    quarters AS (
      DELETE FROM appointment_quarter_counts c USING gone o
      WHERE c.n = 0 AND c.quarter = date_bin(interval '15 minutes', o.starts_at, timestamptz '2000-01-01')
        AND c.status = o.status AND c.type = o.type
    ),
    days AS (
      DELETE FROM appointment_doctor_day_counts c USING gone o
      WHERE c.n = 0 AND c.day = (o.starts_at AT TIME ZONE 'UTC')::date AND c.doctor_id = o.doctor_id AND c.status = o.status
    )
    DELETE FROM appointment_doctor_month_counts c USING gone o
    WHERE c.n = 0 AND c.month = date_trunc('month', o.starts_at AT TIME ZONE 'UTC')::date
      AND c.doctor_id = o.doctor_id AND c.status = o.status;
  END IF;
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE TRIGGER appointment_counts_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_counts_apply();
--> statement-breakpoint
CREATE TRIGGER appointment_counts_update AFTER UPDATE ON appointments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_counts_apply();
--> statement-breakpoint
CREATE TRIGGER appointment_counts_delete AFTER DELETE ON appointments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_counts_apply();
--> statement-breakpoint
-- Emptying appointments empties the counts.
CREATE FUNCTION appointment_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM appointment_quarter_counts;
  DELETE FROM appointment_doctor_day_counts;
  DELETE FROM appointment_doctor_month_counts;
  RETURN NULL;
END;
$fn$;
--> statement-breakpoint
CREATE TRIGGER appointment_counts_truncate AFTER TRUNCATE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION appointment_counts_clear();
--> statement-breakpoint
-- The appointments already there, counted once.
INSERT INTO appointment_quarter_counts (quarter, status, type, n)
  SELECT date_bin(interval '15 minutes', starts_at, timestamptz '2000-01-01'), status, type, count(*) FROM appointments GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO appointment_doctor_day_counts (day, doctor_id, status, n)
  SELECT (starts_at at time zone 'UTC')::date, doctor_id, status, count(*) FROM appointments GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO appointment_doctor_month_counts (month, doctor_id, status, n)
  SELECT date_trunc('month', starts_at at time zone 'UTC')::date, doctor_id, status, count(*) FROM appointments GROUP BY 1, 2, 3;