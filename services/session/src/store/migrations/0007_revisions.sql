CREATE TABLE "session"."revisions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session"."revisions" ADD CONSTRAINT "revisions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "session"."sessions"("id") ON DELETE cascade ON UPDATE no action;