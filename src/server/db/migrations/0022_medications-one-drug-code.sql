-- Medications named a drug two ways: a product code (substance, strength and form in one) for rows
-- the seed wrote, and the prescribing list's substance code with a strength for rows a doctor wrote.
-- Product codes become the substance and strength they stand for, and the product column goes.
UPDATE "medications" SET "drug_code" = CASE "code"
  WHEN 'lisinopril-10mg-tablet' THEN 'lisinopril'
  WHEN 'amlodipine-5mg-tablet' THEN 'amlodipine'
  WHEN 'metformin-500mg-tablet' THEN 'metformin'
  WHEN 'empagliflozin-10mg-tablet' THEN 'empagliflozin'
  WHEN 'atorvastatin-20mg-tablet' THEN 'atorvastatin'
  WHEN 'albuterol-90mcg-inhaler' THEN 'albuterol'
  WHEN 'fluticasone-110mcg-inhaler' THEN 'fluticasone'
  WHEN 'levothyroxine-75mcg-tablet' THEN 'levothyroxine'
  WHEN 'omeprazole-20mg-dr-capsule' THEN 'omeprazole'
  WHEN 'sertraline-50mg-tablet' THEN 'sertraline'
  WHEN 'ferrous-sulfate-325mg-tablet' THEN 'ferrous-sulfate'
  WHEN 'amoxicillin-500mg-capsule' THEN 'amoxicillin'
  WHEN 'ibuprofen-400mg-tablet' THEN 'ibuprofen'
  WHEN 'prednisone-20mg-tablet' THEN 'prednisone'
  WHEN 'azithromycin-250mg-tablet' THEN 'azithromycin'
  WHEN 'hydrochlorothiazide-25mg-tablet' THEN 'hydrochlorothiazide'
  WHEN 'cetirizine-10mg-tablet' THEN 'cetirizine'
END, "strength" = CASE "code"
  WHEN 'lisinopril-10mg-tablet' THEN '10 mg'
  WHEN 'amlodipine-5mg-tablet' THEN '5 mg'
  WHEN 'metformin-500mg-tablet' THEN '500 mg'
  WHEN 'empagliflozin-10mg-tablet' THEN '10 mg'
  WHEN 'atorvastatin-20mg-tablet' THEN '20 mg'
  WHEN 'albuterol-90mcg-inhaler' THEN '90 mcg/actuation'
  WHEN 'fluticasone-110mcg-inhaler' THEN '110 mcg/actuation'
  WHEN 'levothyroxine-75mcg-tablet' THEN '75 mcg'
  WHEN 'omeprazole-20mg-dr-capsule' THEN '20 mg'
  WHEN 'sertraline-50mg-tablet' THEN '50 mg'
  WHEN 'ferrous-sulfate-325mg-tablet' THEN '325 mg'
  WHEN 'amoxicillin-500mg-capsule' THEN '500 mg'
  WHEN 'ibuprofen-400mg-tablet' THEN '400 mg'
  WHEN 'prednisone-20mg-tablet' THEN '20 mg'
  WHEN 'azithromycin-250mg-tablet' THEN '250 mg'
  WHEN 'hydrochlorothiazide-25mg-tablet' THEN '25 mg'
  WHEN 'cetirizine-10mg-tablet' THEN '10 mg'
END
WHERE "drug_code" IS NULL AND "code" IN ('lisinopril-10mg-tablet', 'amlodipine-5mg-tablet', 'metformin-500mg-tablet', 'empagliflozin-10mg-tablet', 'atorvastatin-20mg-tablet', 'albuterol-90mcg-inhaler', 'fluticasone-110mcg-inhaler', 'levothyroxine-75mcg-tablet', 'omeprazole-20mg-dr-capsule', 'sertraline-50mg-tablet', 'ferrous-sulfate-325mg-tablet', 'amoxicillin-500mg-capsule', 'ibuprofen-400mg-tablet', 'prednisone-20mg-tablet', 'azithromycin-250mg-tablet', 'hydrochlorothiazide-25mg-tablet', 'cetirizine-10mg-tablet');
--> statement-breakpoint
ALTER TABLE "medications" DROP COLUMN "code";