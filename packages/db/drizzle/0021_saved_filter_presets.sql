CREATE TABLE "saved_filter_presets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"table_name" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"shortcut" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_filter_presets_user_table_name_key" UNIQUE("user_id","table_name","name")
);
--> statement-breakpoint
ALTER TABLE "saved_filter_presets" ADD CONSTRAINT "saved_filter_presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_filter_presets_user_table_idx" ON "saved_filter_presets" USING btree ("user_id","table_name");