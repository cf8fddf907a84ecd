CREATE TABLE "session"."suggestion_votes" (
	"suggestion_id" text NOT NULL,
	"participant_id" text NOT NULL,
	"candidate_index" integer NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session"."suggestions" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"created_by" text NOT NULL,
	"mode" text NOT NULL,
	"category" text,
	"centre" jsonb,
	"search_limit" integer,
	"candidates" jsonb NOT NULL,
	"participant_ids" jsonb NOT NULL,
	"origin_ids" jsonb,
	"travel" jsonb,
	"computed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "suggestions_session_unique" UNIQUE("session_id")
);
--> statement-breakpoint
ALTER TABLE "session"."suggestion_votes" ADD CONSTRAINT "suggestion_votes_suggestion_id_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "session"."suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session"."suggestions" ADD CONSTRAINT "suggestions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "session"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suggestion_votes_pk" ON "session"."suggestion_votes" USING btree ("suggestion_id","participant_id");