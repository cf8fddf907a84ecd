ALTER TABLE "session"."participants" ADD COLUMN "near_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session"."participants" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session"."participants" ADD COLUMN "late_notified_minutes" integer;--> statement-breakpoint
ALTER TABLE "session"."sessions" ADD COLUMN "no_show_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session"."sessions" ADD COLUMN "sharing_ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sessions_live_idx" ON "session"."sessions" USING btree ("arrive_at") WHERE "session"."sessions"."is_closed" = false;