CREATE TABLE "notification"."alerts_sent" (
	"key" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification"."in_app_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"source_key" text NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"url" text NOT NULL,
	"suggested_arrive_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification"."notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"preferences" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification"."session_mutes" (
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_mutes_user_id_session_id_pk" PRIMARY KEY("user_id","session_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "in_app_notifications_source_unique" ON "notification"."in_app_notifications" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "in_app_notifications_user_idx" ON "notification"."in_app_notifications" USING btree ("user_id","id");