DROP TABLE IF EXISTS "auth"."email_outbox";
