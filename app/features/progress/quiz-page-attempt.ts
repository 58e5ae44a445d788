// The quiz page's attempt, kept on the phone first and then sent to My progress
// (docs/decisions/0042-quiz-attempts-kept-offline-first.md). Browser code for
// app/page-scripts/quiz.ts. Marking never waits for any of this: it only keeps and sends.
import {
  keepOnPhone,
  newAttemptId,
  sendAttempts,
  waitingAttempts,
  type PhoneAttempt,
  type SendReport,
} from "./phone-attempts";

/** A run of taps after Show Results is sent once, this long after the last one. */
const SEND_AFTER_CHANGES_MS = 1_000;

type Line = "sent" | "signed-out" | "waiting" | "not-kept" | "refused";

/**
 * Keeps and sends the attempt of the quiz form `form`, whose answers `answers` reads. The
 * line under the total (`.quiz__kept`) takes the server's text for what happened, from the
 * form's `template[data-kept]` elements: the script has no text of its own.
 */
export function quizPageAttempt(form: HTMLFormElement, answers: () => string[]) {
  const line = form.querySelector<HTMLElement>(".quiz__kept");
  let attempt: PhoneAttempt | null = null;
  let kept = false;
  let sending = false;
  let sendAgain = false;
  let timer: number | undefined;

  const say = (name: Line) => {
    const text = form.querySelector<HTMLTemplateElement>(`template[data-kept="${name}"]`);
    if (!line || !text) return;
    line.textContent = "";
    line.append(text.content.cloneNode(true));
    line.hidden = false;
  };

  /** What the page says after a round of sending: "sent" only after the server's 2xx. */
  const lineFor = (report: SendReport, mine: PhoneAttempt): Line | null => {
    if ((report.saved.get(mine.id) ?? -1) >= mine.revision) return "sent";
    if (report.refused.has(mine.id)) return "refused";
    if (report.outcome === "signed-out") return kept ? "signed-out" : "not-kept";
    if (report.outcome === "not-sent") return kept ? "waiting" : "not-kept";
    // Sent by another tab meanwhile, or changed again while on its way: the next round tells.
    return waitingAttempts().some((waiting) => waiting.id === mine.id) ? "waiting" : null;
  };

  /** One round at a time: a round asked for while one is on its way follows it. */
  const send = async () => {
    if (sending) {
      sendAgain = true;
      return;
    }
    sending = true;
    try {
      do {
        sendAgain = false;
        const mine = attempt;
        const report = await sendAttempts(mine && !kept ? [mine] : []);
        // A change made meanwhile is told by the round that sends it.
        const said = mine && attempt === mine ? lineFor(report, mine) : null;
        if (said) say(said);
      } while (sendAgain);
    } finally {
      sending = false;
    }
  };

  const keep = (next: PhoneAttempt) => {
    attempt = next;
    kept = keepOnPhone(next);
  };

  window.addEventListener("online", () => void send());

  return {
    /** Whatever is waiting goes now (the page has opened), quietly when this page has no attempt. */
    sendWaiting() {
      void send();
    },
    /** Show Results: a new attempt, kept and sent at once. */
    resultsShown() {
      keep({
        id: newAttemptId(),
        quiz: form.dataset.quiz ?? "",
        answers: answers(),
        answeredAt: new Date().toISOString(),
        revision: 0,
      });
      void send();
    },
    /** The attempt the server saved from a post made before this script arrived. */
    savedByServer(id: string, answeredAt: string) {
      attempt = { id, quiz: form.dataset.quiz ?? "", answers: answers(), answeredAt, revision: 0 };
    },
    /** An answer changed after Show Results: the same attempt, one revision on. */
    changed() {
      if (!attempt) return;
      keep({ ...attempt, answers: answers(), revision: attempt.revision + 1 });
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void send(), SEND_AFTER_CHANGES_MS);
    },
  };
}
