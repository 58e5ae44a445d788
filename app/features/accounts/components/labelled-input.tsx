import type { ComponentProps } from "react";
import { PASSWORD_MAX } from "../texts";

type LabelledInputProps = ComponentProps<"input"> & { label: string; name: string };

/** A required box under its label; the lengths are the account table's (Django's) limits. */
export function LabelledInput({ label, id, ...input }: LabelledInputProps) {
  const boxId = id ?? input.name;
  return (
    <>
      <label htmlFor={boxId}>{label}</label>
      <input
        id={boxId}
        {...input}
        required
        maxLength={input.type === "password" ? PASSWORD_MAX : 150}
      />
    </>
  );
}
