// The progress feature's PostedAttemptOutcome, which this feature may not import.
export type PostedKept =
  | { kept: "saved"; attemptId: string; answeredAt: string }
  | { kept: "log-in" }
  | { kept: "not-saved" };

const SCRIPT_KEPT_LINES = ["sent", "signed-out", "waiting", "not-kept", "refused"] as const;
type KeptLineName = (typeof SCRIPT_KEPT_LINES)[number] | PostedKept["kept"];

// The server writes every text; the page script copies in the template that applies.
export function KeptLine({ posted }: { posted?: PostedKept }) {
  return (
    <>
      <p className="quiz__kept" role="status" hidden={!posted}>
        {posted ? <KeptText name={posted.kept} /> : null}
      </p>
      {SCRIPT_KEPT_LINES.map((name) => (
        <template key={name} data-kept={name}>
          <KeptText name={name} />
        </template>
      ))}
    </>
  );
}

const MY_PROGRESS = <a href="/progress">My progress</a>;
const LOG_IN = "/login?next=/progress";

function KeptText({ name }: { name: KeptLineName }) {
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
    case "not-kept":
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
