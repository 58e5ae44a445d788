import { describe, expect, it } from "vitest";
import {
  applyAnswer,
  cardFromAnswers,
  mergeAnswers,
  nextDue,
  RIGHT_IN_A_ROW_TO_LEAVE,
  SESSION_SIZE,
  todaysSession,
  type QueueCard,
  type ReviewAnswer,
} from "./schedule";
import { endOfToday } from "./today";

const DAY = 24 * 3600_000;
const START = new Date("2026-11-27T08:00:00Z");
const at = (days: number) => new Date(START.getTime() + days * DAY);

let nextId = 0;
function answer(correct: boolean, answeredAt: Date, more: Partial<ReviewAnswer> = {}) {
  return {
    id: `answer-${nextId++}`,
    quiz: "cell",
    question: 3,
    correct,
    source: "review",
    answeredAt,
    ...more,
  } satisfies ReviewAnswer;
}
const miss = (answeredAt: Date, more: Partial<ReviewAnswer> = {}) =>
  answer(false, answeredAt, { source: "quiz", ...more });

describe("a question missed in a quiz", () => {
  it("joins the queue, due at once", () => {
    const card = applyAnswer(null, miss(START))!;
    expect(card).toMatchObject({ quiz: "cell", question: 3, inQueue: true, rightInARow: 0 });
    expect(card.due).toEqual(START);
  });

  it("answered right where it never was in the queue adds nothing", () => {
    expect(applyAnswer(null, answer(true, START))).toBeNull();
  });

  it("missed again before any review stays due, and is not rated twice", () => {
    const card = cardFromAnswers([miss(START), miss(at(0.1))])!;
    expect(card.due).toEqual(START);
    expect(card.memory.reps).toBe(0);
  });
});

describe("reviewing a due question", () => {
  it("answered right is spaced out by FSRS, days later", () => {
    const card = cardFromAnswers([miss(START), answer(true, START)])!;
    expect(card.inQueue).toBe(true);
    expect(card.rightInARow).toBe(1);
    expect(card.due.getTime()).toBeGreaterThanOrEqual(at(1).getTime());
  });

  it("answered wrong comes back sooner than answered right", () => {
    const due = cardFromAnswers([miss(START), answer(true, START)])!.due;
    const right = cardFromAnswers([miss(START), answer(true, START), answer(true, due)])!;
    const wrong = cardFromAnswers([miss(START), answer(true, START), answer(false, due)])!;
    expect(wrong.due.getTime()).toBeLessThan(right.due.getTime());
    expect(wrong.rightInARow).toBe(0);
    expect(wrong.memory.lapses).toBe(1);
  });

  it(`leaves the queue after ${RIGHT_IN_A_ROW_TO_LEAVE} right answers in a row`, () => {
    const answers: ReviewAnswer[] = [miss(START)];
    let card = cardFromAnswers(answers)!;
    for (let right = 1; right <= RIGHT_IN_A_ROW_TO_LEAVE; right++) {
      answers.push(answer(true, card.due));
      card = cardFromAnswers(answers)!;
      expect(card.inQueue).toBe(right < RIGHT_IN_A_ROW_TO_LEAVE);
    }
  });

  it("a wrong answer starts the count again", () => {
    const first = cardFromAnswers([miss(START), answer(true, START)])!;
    const card = cardFromAnswers([
      miss(START),
      answer(true, START),
      answer(false, first.due),
      answer(true, at(10)),
      answer(true, at(30)),
    ])!;
    expect(card).toMatchObject({ inQueue: true, rightInARow: 2 });
  });

  it("a question that left comes back, due at once, when missed again", () => {
    const answers: ReviewAnswer[] = [miss(START)];
    let card = cardFromAnswers(answers)!;
    while (card.inQueue) {
      answers.push(answer(true, card.due));
      card = cardFromAnswers(answers)!;
    }
    const missedAt = new Date(card.lastAnsweredAt.getTime() + DAY);
    const back = applyAnswer(card, miss(missedAt))!;
    expect(back).toMatchObject({ inQueue: true, rightInARow: 0 });
    expect(back.due).toEqual(missedAt);
  });
});

describe("answers from two phones", () => {
  const history = [miss(START), answer(true, START), answer(false, at(3)), answer(true, at(4))];

  it("give the same card in whatever order they arrive", () => {
    const inOrder = cardFromAnswers(history);
    expect(cardFromAnswers([...history].reverse())).toEqual(inOrder);
    expect(cardFromAnswers([history[2]!, history[0]!, history[3]!, history[1]!])).toEqual(inOrder);
  });

  it("apply a quiz's miss before a review answer given at the same moment", () => {
    const review = answer(true, START, { id: "0-sorts-first" });
    const card = cardFromAnswers([review, miss(START, { id: "z-sorts-last" })])!;
    expect(card).toMatchObject({ inQueue: true, rightInARow: 1 });
  });

  it("count a replayed answer once", () => {
    expect(cardFromAnswers([...history, ...history])).toEqual(cardFromAnswers(history));
    expect(mergeAnswers(history, history)).toHaveLength(history.length);
  });

  it("are merged with nothing lost or doubled, oldest first", () => {
    const phone = [history[0]!, history[2]!];
    const server = [history[0]!, history[1]!, history[3]!];
    expect(mergeAnswers(phone, server)).toEqual(history);
  });

  it("leave the card as the one answered last says", () => {
    // The first phone answered right on day 4, the second wrong on day 5, sent first.
    const first = answer(true, at(4));
    const second = answer(false, at(5));
    const card = cardFromAnswers([second, first, miss(START)])!;
    expect(card.lastAnsweredAt).toEqual(at(5));
    expect(card.rightInARow).toBe(0);
  });

  it("carried on from the server's card, skip what that card already holds", () => {
    const serverCard = cardFromAnswers(history.slice(0, 3))!;
    const onPhone = [history[1]!, history[3]!];
    expect(cardFromAnswers(onPhone, serverCard)).toEqual(cardFromAnswers(history));
  });
});

describe("today's session", () => {
  const card = (question: number, due: Date, inQueue = true): QueueCard => ({
    ...applyAnswer(null, miss(due, { question }))!,
    inQueue,
  });

  it("counts a question due later on the same Lusaka day as due today", () => {
    // 21:00 UTC is 23:00 in Lusaka: the day ends an hour later.
    expect(endOfToday(new Date("2026-11-27T21:00:00Z"))).toEqual(new Date("2026-11-27T22:00:00Z"));
    expect(endOfToday(new Date("2026-11-27T22:30:00Z"))).toEqual(new Date("2026-11-28T22:00:00Z"));
    const late = card(1, new Date("2026-11-27T21:30:00Z"));
    expect(todaysSession([late], new Date("2026-11-27T06:00:00Z"))).toEqual([late]);
  });

  it(`holds at most ${SESSION_SIZE} questions, those waiting longest first, and none that left`, () => {
    const cards = Array.from({ length: 14 }, (_, index) => card(index + 1, at(-index)));
    const gone = card(20, at(-30), false);
    const session = todaysSession([...cards, gone], START);
    expect(session).toHaveLength(SESSION_SIZE);
    expect(session[0]!.question).toBe(14);
    expect(session.map((entry) => entry.question)).not.toContain(20);
  });

  it("says when the next questions are due, and how many that day", () => {
    const cards = [card(1, START), card(2, at(3)), card(3, at(3.1)), card(4, at(9))];
    expect(nextDue(cards, START)).toEqual({ day: at(3), count: 2 });
    expect(nextDue([card(1, START)], START)).toBeNull();
  });
});
