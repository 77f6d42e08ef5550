CREATE TABLE "contact_inquiries" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"telegram" text,
	"inquiry" text NOT NULL,
	"language" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "contact_inquiries_received_at_idx" ON "contact_inquiries" USING btree ("received_at");