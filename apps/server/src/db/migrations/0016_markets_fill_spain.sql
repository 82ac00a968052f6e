-- Every place made before markets was searched in Spain (docs/decisions.md §21): those
-- without a country get Spain, so that the next migration can make the country required.
UPDATE "places" SET "country_code" = 'ES' WHERE "country_code" IS NULL;
