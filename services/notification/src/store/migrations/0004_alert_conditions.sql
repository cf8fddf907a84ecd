CREATE TABLE "notification"."session_schedules" (
	"session_id" text PRIMARY KEY NOT NULL,
	"schedule" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification"."in_app_notifications" ADD COLUMN "condition" jsonb;--> statement-breakpoint
ALTER TABLE "notification"."in_app_notifications" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "notification"."in_app_notifications" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "in_app_notifications_session_idx" ON "notification"."in_app_notifications" USING btree ("session_id","created_at");