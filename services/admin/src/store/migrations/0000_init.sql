CREATE SCHEMA IF NOT EXISTS "admin";
--> statement-breakpoint
CREATE TABLE "admin"."billing_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer,
	"currency" text,
	"plan" text,
	"previous_plan" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin"."call_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"participant_acs_id" text NOT NULL,
	"seconds" real NOT NULL,
	"mode" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin"."chat_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"length" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin"."maps_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text,
	"event" text NOT NULL,
	"origin" text NOT NULL,
	"job_id" text,
	"request" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"provider_requests" integer NOT NULL,
	"provider" text NOT NULL,
	"strategy" text NOT NULL,
	"duration_ms" real NOT NULL,
	"cells" integer,
	"transactions" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin"."notification_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin"."sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"creator_user_id" text NOT NULL,
	"is_closed" boolean NOT NULL,
	"closed_at" timestamp with time zone,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "call_usage_session_idx" ON "admin"."call_usage" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "chat_usage_session_idx" ON "admin"."chat_usage" USING btree ("session_id","at");--> statement-breakpoint
CREATE INDEX "maps_usage_session_idx" ON "admin"."maps_usage" USING btree ("session_id","at","id");--> statement-breakpoint
CREATE INDEX "notification_usage_session_idx" ON "admin"."notification_usage" USING btree ("session_id","at");