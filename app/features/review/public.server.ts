export { countDueToday, recordQuizMisses } from "./queue.server";
