CREATE TABLE "review_answers" (
	"user_id" integer NOT NULL,
	"id" text NOT NULL,
	"quiz" text NOT NULL,
	"question" integer NOT NULL,
	"source" text NOT NULL,
	"choice" text DEFAULT '' NOT NULL,
	"correct" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_answers_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "review_cards" (
	"user_id" integer NOT NULL,
	"quiz" text NOT NULL,
	"question" integer NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"in_queue" boolean NOT NULL,
	"right_in_a_row" integer NOT NULL,
	"last_answered_at" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" integer NOT NULL,
	"last_review" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_cards_user_id_quiz_question_pk" PRIMARY KEY("user_id","quiz","question")
);
--> statement-breakpoint
ALTER TABLE "review_answers" ADD CONSTRAINT "review_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_answers_question_idx" ON "review_answers" USING btree ("user_id","quiz","question");--> statement-breakpoint
CREATE INDEX "review_cards_due_idx" ON "review_cards" USING btree ("user_id","due") WHERE "review_cards"."in_queue";