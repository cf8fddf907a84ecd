CREATE TABLE "communication"."acs_identities" (
	"user_id" text PRIMARY KEY NOT NULL,
	"acs_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acs_identities_acs_id_unique" UNIQUE("acs_id")
);
--> statement-breakpoint
CREATE TABLE "communication"."acs_threads" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"owner_acs_id" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_on" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "acs_threads_session_live_unique" ON "communication"."acs_threads" USING btree ("session_id") WHERE "communication"."acs_threads"."deleted_on" is null;