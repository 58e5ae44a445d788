// Browser code: the quiz page's attempt, saved on the phone and then sent. Marking never waits.
import {
  newAttemptId,
  saveOnPhone,
  sendAttempts,
  waitingAttempts,
  type PhoneAttempt,
  type SendReport,
} from "./phone-attempts";

const SEND_AFTER_CHANGES_MS = 1_000;

type Line = "sent" | "signed-out" | "waiting" | "phone-refused" | "refused";

export function quizPageAttempt(form: HTMLFormElement, answers: () => string[]) {
  const line = form.querySelector<HTMLElement>(".quiz__save-status");
  let attempt: PhoneAttempt | null = null;
  let onPhone = false;
  let sending = false;
  let sendAgain = false;
  let timer: number | undefined;

  const say = (name: Line) => {
    const text = form.querySelector<HTMLTemplateElement>(`template[data-save-status="${name}"]`);
    if (!line || !text) return;
    line.textContent = "";
    line.append(text.content.cloneNode(true));
    line.hidden = false;
  };

  const lineFor = (report: SendReport, mine: PhoneAttempt): Line | null => {
    if ((report.saved.get(mine.id) ?? -1) >= mine.revision) return "sent";
    if (report.refused.has(mine.id)) return "refused";
    if (report.outcome === "signed-out") return onPhone ? "signed-out" : "phone-refused";
    if (report.outcome === "not-sent") return onPhone ? "waiting" : "phone-refused";
    // Sent by another tab meanwhile, or changed again on its way: the next round tells.
    return waitingAttempts().some((waiting) => waiting.id === mine.id) ? "waiting" : null;
  };

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
        const report = await sendAttempts(mine && !onPhone ? [mine] : []);
        const said = mine && attempt === mine ? lineFor(report, mine) : null;
        if (said) say(said);
      } while (sendAgain);
    } finally {
      sending = false;
    }
  };

  const save = (next: PhoneAttempt) => {
    attempt = next;
    onPhone = saveOnPhone(next);
  };
  const firstRevision = (id: string, answeredAt: string): PhoneAttempt => {
    return { id, quiz: form.dataset.quiz ?? "", answers: answers(), answeredAt, revision: 0 };
  };

  window.addEventListener("online", () => void send());

  return {
    sendWaiting() {
      void send();
    },
    resultsShown() {
      save(firstRevision(newAttemptId(), new Date().toISOString()));
      void send();
    },
    /** The attempt the server saved from a post made before this script arrived. */
    savedByServer(id: string, answeredAt: string) {
      attempt = firstRevision(id, answeredAt);
    },
    changed() {
      if (!attempt) return;
      save({ ...attempt, answers: answers(), revision: attempt.revision + 1 });
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void send(), SEND_AFTER_CHANGES_MS);
    },
  };
}
