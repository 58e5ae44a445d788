import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ownerId, users } from "./accounts";

/**
 * A teacher's class (docs/requirements.md#classes). Closing a class deletes it: its members
 * and set quizzes go with it, and the students' attempts stay theirs alone.
 */
export const classes = pgTable(
  "classes",
  {
    id: serial("id").primaryKey(),
    /** The teacher: the class goes when their account does. */
    teacherId: integer("teacher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    grade: text("grade").notNull(),
    /** Six letters and digits without 0, O, 1 or I, stored without the hyphen it is shown with. */
    code: text("code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("classes_code_key").on(table.code),
    index("classes_teacher_idx").on(table.teacherId),
  ],
);

/** A student in a class from `joinedAt`: leaving deletes the row, so the teacher sees nothing more. */
export const classMembers = pgTable(
  "class_members",
  {
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    userId: ownerId(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.classId, table.userId] }),
    index("class_members_user_idx").on(table.userId),
  ],
);

/** A quiz the teacher set the class, with the day it is due (Lusaka's date), if any. */
export const classQuizzes = pgTable(
  "class_quizzes",
  {
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    quiz: text("quiz").notNull(),
    dueOn: date("due_on", { mode: "string" }),
    setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.classId, table.quiz] })],
);
