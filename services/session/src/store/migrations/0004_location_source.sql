ALTER TABLE "session"."participants" ADD COLUMN "location_source" text;
