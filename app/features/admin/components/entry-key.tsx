import { Fragment } from "react";

/** A key wraps only after its hyphens on a phone, never inside a word. */
export function EntryKey({ value }: { value: string }) {
  const parts = value.split("-");
  return (
    <code className="entry-key">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <>
              -<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </code>
  );
}
