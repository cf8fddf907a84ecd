CREATE SCHEMA IF NOT EXISTS "communication";
--> statement-breakpoint
CREATE TABLE "communication"."messages" (
	"thread_id" text NOT NULL,
	"id" text NOT NULL,
	"sequence_id" bigint NOT NULL,
	"type" text NOT NULL,
	"version" text NOT NULL,
	"content" jsonb,
	"sender_id" text,
	"sender_display_name" text,
	"created_on" timestamp with time zone NOT NULL,
	"edited_on" timestamp with time zone,
	"deleted_on" timestamp with time zone,
	"metadata" jsonb,
	CONSTRAINT "messages_thread_id_id_pk" PRIMARY KEY("thread_id","id")
);
--> statement-breakpoint
CREATE TABLE "communication"."participants" (
	"thread_id" text NOT NULL,
	"user_id" text NOT NULL,
	"display_name" text,
	"share_history_time" timestamp with time zone,
	"metadata" jsonb,
	"added_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participants_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "communication"."read_receipts" (
	"thread_id" text NOT NULL,
	"user_id" text NOT NULL,
	"chat_message_id" text NOT NULL,
	"read_on" timestamp with time zone NOT NULL,
	CONSTRAINT "read_receipts_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "communication"."threads" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text,
	"topic" text NOT NULL,
	"created_by" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_on" timestamp with time zone,
	"metadata" jsonb,
	"retention_policy" jsonb,
	"repeatability_request_id" text,
	"last_sequence_id" bigint DEFAULT 0 NOT NULL,
	"last_message_id" bigint DEFAULT 0 NOT NULL,
	"last_message_received_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "communication"."token_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sequence_unique" ON "communication"."messages" USING btree ("thread_id","sequence_id");--> statement-breakpoint
CREATE INDEX "participants_user_idx" ON "communication"."participants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "threads_session_live_unique" ON "communication"."threads" USING btree ("session_id") WHERE "communication"."threads"."deleted_on" is null and "communication"."threads"."session_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "threads_repeatability_unique" ON "communication"."threads" USING btree ("created_by","repeatability_request_id");