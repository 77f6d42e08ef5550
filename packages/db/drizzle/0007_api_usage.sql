CREATE TABLE "api_usage" (
	"key_id" text NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"day" date NOT NULL,
	"calls" integer NOT NULL,
	"credits" integer NOT NULL,
	CONSTRAINT "api_usage_pkey" PRIMARY KEY("key_id","endpoint","day")
);
--> statement-breakpoint
CREATE INDEX "api_usage_user_day_idx" ON "api_usage" USING btree ("user_id","day");