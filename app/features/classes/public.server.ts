// The classes, class_members and class_quizzes tables are this feature's alone.
export { classesForExport } from "./classes.server";
export { setQuizLines } from "./class-pages.server";
