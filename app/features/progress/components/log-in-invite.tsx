import { PROGRESS_PART, type PhoneQuizData } from "../page-parts";
import { LOG_IN_INVITE, SAVED_ON_PHONE_LINE } from "../texts";

export function LogInInvite({ next }: { next: string }) {
  return (
    <>
      <p>{LOG_IN_INVITE}</p>
      <p>
        <a className="button" href={`/login?next=${encodeURIComponent(next)}`}>
          Log in
        </a>
      </p>
      <p className="muted">{SAVED_ON_PHONE_LINE}</p>
    </>
  );
}

// A JSON block is data, which the CSP allows; "<" is escaped so no text can close it.
export function OnThisPhone({ quizzes }: { quizzes: PhoneQuizData }) {
  return (
    <section aria-labelledby="phone-heading">
      <h2 id="phone-heading">On this phone</h2>
      <p id={PROGRESS_PART.phoneNoScript}>
        Results kept on this phone show here when JavaScript is on.
      </p>
      <p id={PROGRESS_PART.phoneEmpty} hidden>
        No quiz results are waiting on this phone.
      </p>
      <ul id={PROGRESS_PART.phoneList} className="link-list progress-phone" hidden />
      <template id={PROGRESS_PART.phoneItem}>
        <li>
          <a href="/quizzes" data-part="title" />{" "}
          <span>
            <span data-part="marks" /> (<span data-part="percentage" />
            ), <span data-part="day" />
          </span>
        </li>
      </template>
      <script
        type="application/json"
        id={PROGRESS_PART.quizData}
        dangerouslySetInnerHTML={{ __html: JSON.stringify(quizzes).replaceAll("<", "\\u003c") }}
      />
    </section>
  );
}
