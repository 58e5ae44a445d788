export { countDueToday, recordQuizMisses } from "./queue.server";
export { reviewAnswersForExport, reviewCardsForExport } from "./review-export.server";
