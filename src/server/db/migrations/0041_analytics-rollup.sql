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
-- zero and touches nothing.
CREATE FUNCTION appointment_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'select starts_at, doctor_id, status, type, 1 as n from new_rows'
    WHEN 'DELETE' THEN 'select starts_at, doctor_id, status, type, -1 as n from old_rows'
    ELSE 'select starts_at, doctor_id, status, type, 1 as n from new_rows
          union all select starts_at, doctor_id, status, type, -1 from old_rows'
  END;
BEGIN
  EXECUTE format($q$
    with delta as (%s),
    quarters as (
      insert into appointment_quarter_counts as c (quarter, status, type, n)
      select date_bin(interval '15 minutes', starts_at, timestamptz '2000-01-01'), status, type, sum(n)
      from delta group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3
      on conflict (quarter, status, type) do update set n = c.n + excluded.n
    ),
    days as (
      insert into appointment_doctor_day_counts as c (day, doctor_id, status, n)
      select (starts_at at time zone 'UTC')::date, doctor_id, status, sum(n)
      from delta group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3
      on conflict (day, doctor_id, status) do update set n = c.n + excluded.n
    )
    insert into appointment_doctor_month_counts as c (month, doctor_id, status, n)
    select date_trunc('month', starts_at at time zone 'UTC')::date, doctor_id, status, sum(n)
    from delta group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3
    on conflict (month, doctor_id, status) do update set n = c.n + excluded.n
  $q$, delta);
  IF TG_OP <> 'INSERT' THEN
    -- A count falls to zero only where an old row left: those buckets go.
    EXECUTE $q$
      with gone as (select distinct starts_at, doctor_id, status, type from old_rows),
      quarters as (
        delete from appointment_quarter_counts c using gone o
        where c.n = 0 and c.quarter = date_bin(interval '15 minutes', o.starts_at, timestamptz '2000-01-01')
          and c.status = o.status and c.type = o.type
      ),
      days as (
        delete from appointment_doctor_day_counts c using gone o
        where c.n = 0 and c.day = (o.starts_at at time zone 'UTC')::date and c.doctor_id = o.doctor_id and c.status = o.status
      )
      delete from appointment_doctor_month_counts c using gone o
      where c.n = 0 and c.month = date_trunc('month', o.starts_at at time zone 'UTC')::date
        and c.doctor_id = o.doctor_id and c.status = o.status
    $q$;
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