import { countOf } from "#app/lib/plural";

export const CODE_RULE = "A class code is six letters and digits, like K7M-4QX.";

export const CLASS_TEXTS = {
  noSuchCode: "No class has that code. Check it with your teacher: codes change when renewed.",
  codeRule: CODE_RULE,
  ownClass: "You teach this class, so you cannot join it as a student.",
  full: "This class is full. Ask your teacher to start another.",
  tooManyClasses: "You have as many classes as one teacher can start. Close one first.",
  tooManyQuizzes: "This class has as many set quizzes as it can hold. Remove one first.",
  notInClass: "You are not in that class.",
  unknownForm: "That form is not one this page knows.",
} as const;

export const joinedText = (name: string) => `You joined ${name}.`;
export const alreadyInText = (name: string) => `You are already in ${name}.`;
export const leftText = (name: string) =>
  `You left ${name}. Its teacher no longer sees your results.`;
export const studentsText = (count: number) => countOf(count, "student");
export const doneByText = (done: number, of: number) =>
  `Done by ${done} of ${countOf(of, "student")}`;
