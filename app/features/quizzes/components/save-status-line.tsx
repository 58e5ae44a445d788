// What became of a quiz posted without JavaScript (the progress feature's savePostedAttempt).
export type SaveStatus =
  | { save: "saved"; attemptId: string; answeredAt: string }
  | { save: "log-in" }
  | { save: "not-saved" };

const SCRIPT_SAVE_STATUSES = ["sent", "signed-out", "waiting", "phone-refused", "refused"] as const;
type SaveStatusName = (typeof SCRIPT_SAVE_STATUSES)[number] | SaveStatus["save"];

// The server writes every text; the page script copies in the template that applies.
export function SaveStatusLine({ posted }: { posted?: SaveStatus }) {
  return (
    <>
      <p className="quiz__save-status" role="status" hidden={!posted}>
        {posted ? <SaveStatusText name={posted.save} /> : null}
      </p>
      {SCRIPT_SAVE_STATUSES.map((name) => (
        <template key={name} data-save-status={name}>
          <SaveStatusText name={name} />
        </template>
      ))}
    </>
  );
}

const MY_PROGRESS = <a href="/progress">My progress</a>;
const LOG_IN = "/login?next=/progress";

function SaveStatusText({ name }: { name: SaveStatusName }) {
  switch (name) {
    case "saved":
    case "sent":
      return <>Saved to {MY_PROGRESS}.</>;
    case "log-in":
      return (
        <>
          <a href={LOG_IN}>Log in</a> to keep your results in My progress.
        </>
      );
    case "not-saved":
      return <>Your results are shown but could not be saved.</>;
    case "signed-out":
      return (
        <>
          Kept on this phone. <a href={LOG_IN}>Log in</a> and it is sent to My progress.
        </>
      );
    case "waiting":
      return <>Kept on this phone. It is sent to My progress when you are back online.</>;
    case "phone-refused":
      return <>Not saved: this phone would not keep it. Your results are still shown here.</>;
    case "refused":
      return (
        <>
          Not saved: My progress would not take it. Check that this phone&apos;s date and time are
          right.
        </>
      );
  }
}
