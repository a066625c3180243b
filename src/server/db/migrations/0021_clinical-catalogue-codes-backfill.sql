-- Rows seeded before drugs and allergens had catalogue codes hold the same English texts the seed
-- writes today: they get the code of that text, so they read in every language like rows seeded
-- since. Any other text (typed by hand) keeps no code and is shown as written.
UPDATE "medications" SET "code" = CASE "name"
  WHEN 'Lisinopril 10 mg oral tablet' THEN 'lisinopril-10mg-tablet'
  WHEN 'Amlodipine 5 mg oral tablet' THEN 'amlodipine-5mg-tablet'
  WHEN 'Metformin 500 mg oral tablet' THEN 'metformin-500mg-tablet'
  WHEN 'Empagliflozin 10 mg oral tablet' THEN 'empagliflozin-10mg-tablet'
  WHEN 'Atorvastatin 20 mg oral tablet' THEN 'atorvastatin-20mg-tablet'
  WHEN 'Albuterol 90 mcg/actuation inhaler' THEN 'albuterol-90mcg-inhaler'
  WHEN 'Fluticasone 110 mcg/actuation inhaler' THEN 'fluticasone-110mcg-inhaler'
  WHEN 'Levothyroxine 75 mcg oral tablet' THEN 'levothyroxine-75mcg-tablet'
  WHEN 'Omeprazole 20 mg delayed-release capsule' THEN 'omeprazole-20mg-dr-capsule'
  WHEN 'Sertraline 50 mg oral tablet' THEN 'sertraline-50mg-tablet'
  WHEN 'Ferrous sulfate 325 mg oral tablet' THEN 'ferrous-sulfate-325mg-tablet'
  WHEN 'Amoxicillin 500 mg oral capsule' THEN 'amoxicillin-500mg-capsule'
  WHEN 'Ibuprofen 400 mg oral tablet' THEN 'ibuprofen-400mg-tablet'
  WHEN 'Prednisone 20 mg oral tablet' THEN 'prednisone-20mg-tablet'
  WHEN 'Azithromycin 250 mg oral tablet' THEN 'azithromycin-250mg-tablet'
  WHEN 'Hydrochlorothiazide 25 mg oral tablet' THEN 'hydrochlorothiazide-25mg-tablet'
  WHEN 'Cetirizine 10 mg oral tablet' THEN 'cetirizine-10mg-tablet'
END
WHERE "code" IS NULL AND "name" IN ('Lisinopril 10 mg oral tablet', 'Amlodipine 5 mg oral tablet', 'Metformin 500 mg oral tablet', 'Empagliflozin 10 mg oral tablet', 'Atorvastatin 20 mg oral tablet', 'Albuterol 90 mcg/actuation inhaler', 'Fluticasone 110 mcg/actuation inhaler', 'Levothyroxine 75 mcg oral tablet', 'Omeprazole 20 mg delayed-release capsule', 'Sertraline 50 mg oral tablet', 'Ferrous sulfate 325 mg oral tablet', 'Amoxicillin 500 mg oral capsule', 'Ibuprofen 400 mg oral tablet', 'Prednisone 20 mg oral tablet', 'Azithromycin 250 mg oral tablet', 'Hydrochlorothiazide 25 mg oral tablet', 'Cetirizine 10 mg oral tablet');
--> statement-breakpoint
UPDATE "allergies" SET "code" = CASE "allergen"
  WHEN 'Penicillin' THEN 'penicillin'
  WHEN 'Sulfonamide antibiotics' THEN 'sulfonamide-antibiotics'
  WHEN 'Codeine' THEN 'codeine'
  WHEN 'Ibuprofen' THEN 'ibuprofen'
  WHEN 'Peanuts' THEN 'peanuts'
  WHEN 'Shellfish' THEN 'shellfish'
  WHEN 'Eggs' THEN 'eggs'
  WHEN 'Latex' THEN 'latex'
  WHEN 'Pollen' THEN 'pollen'
END
WHERE "code" IS NULL AND "allergen" IN ('Penicillin', 'Sulfonamide antibiotics', 'Codeine', 'Ibuprofen', 'Peanuts', 'Shellfish', 'Eggs', 'Latex', 'Pollen');
