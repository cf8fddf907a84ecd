CREATE TABLE "auth"."password_resets" (
	"user_id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auth"."users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."users" ADD COLUMN "revoked_sessions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_unique" ON "auth"."password_resets" USING btree ("token_hash");