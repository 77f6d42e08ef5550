CREATE TABLE "search_trend_points" (
	"engine" text NOT NULL,
	"base" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "search_trend_points_pkey" PRIMARY KEY("engine","base","source_mode","day"),
	CONSTRAINT "search_trend_points_engine_check" CHECK ("search_trend_points"."engine" in ('naver', 'google'))
);
--> statement-breakpoint
CREATE TABLE "telegram_channel_edits" (
	"username" text PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"category" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "telegram_channel_edits_action_check" CHECK ("telegram_channel_edits"."action" in ('add', 'remove')),
	CONSTRAINT "telegram_channel_edits_category_check" CHECK ("telegram_channel_edits"."category" in ('korean', 'english'))
);
--> statement-breakpoint
CREATE TABLE "telegram_channels" (
	"username" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"photo_url" text,
	"category" text NOT NULL,
	"members" integer,
	"created_at" timestamp with time zone,
	"status" text NOT NULL,
	"status_message" text,
	"read_at" timestamp with time zone,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "telegram_channels_pkey" PRIMARY KEY("username","source_mode")
);
--> statement-breakpoint
CREATE TABLE "telegram_posts" (
	"channel" text NOT NULL,
	"message_id" integer NOT NULL,
	"text" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"views" integer,
	"forwards" integer,
	"reactions" integer,
	"tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"source_mode" "source_mode" NOT NULL,
	CONSTRAINT "telegram_posts_pkey" PRIMARY KEY("channel","message_id","source_mode")
);
--> statement-breakpoint
CREATE INDEX "telegram_posts_published_idx" ON "telegram_posts" USING btree ("source_mode","published_at");--> statement-breakpoint
CREATE INDEX "telegram_posts_tokens_idx" ON "telegram_posts" USING gin ("tokens");