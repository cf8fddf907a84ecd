CREATE SCHEMA IF NOT EXISTS "session";
--> statement-breakpoint
CREATE TABLE "session"."invites" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"inviter_user_id" text NOT NULL,
	"inviter_name" text,
	"participant_id" text,
	"accepted_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session"."participants" (
	"session_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"lat" double precision,
	"lon" double precision,
	"accuracy" double precision,
	"status" text DEFAULT 'active' NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"route_options" jsonb DEFAULT '{"travelMode":"car","routeType":"fastest","avoidTolls":false}'::jsonb NOT NULL,
	"enroute" boolean DEFAULT false NOT NULL,
	"travel_time_seconds" integer,
	"distance_meters" integer,
	"departure_time" timestamp with time zone,
	"arrival_time" timestamp with time zone,
	"travel_ok" boolean,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session"."sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"creator_user_id" text NOT NULL,
	"destination" jsonb,
	"tz_id" text,
	"arrive_at" timestamp with time zone,
	"travel_mode" text DEFAULT 'car' NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"earliest_arrival" timestamp with time zone,
	"chat_sync_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session"."invites" ADD CONSTRAINT "invites_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "session"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session"."participants" ADD CONSTRAINT "participants_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "session"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invites_code_unique" ON "session"."invites" USING btree ("session_id","code");--> statement-breakpoint
CREATE INDEX "invites_session_idx" ON "session"."invites" USING btree ("session_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_pk" ON "session"."participants" USING btree ("session_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_user_unique" ON "session"."participants" USING btree ("session_id","user_id") WHERE "session"."participants"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "participants_user_idx" ON "session"."participants" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "sessions_creator_idx" ON "session"."sessions" USING btree ("creator_user_id","is_closed","updated_at");