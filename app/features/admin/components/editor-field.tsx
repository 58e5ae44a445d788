import type { ChangeEvent, ReactNode } from "react";
import type { FieldProblem } from "../article-problems";

const fieldId = (name: string) => `article-${name}`;

export function EditorField({
  label,
  hint,
  name,
  value,
  onChange,
  problem,
  multiline = false,
  type,
  required = false,
}: {
  label: string;
  hint?: ReactNode;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  problem: FieldProblem | undefined;
  multiline?: boolean;
  type?: "date" | "time";
  required?: boolean;
}) {
  const id = fieldId(name);
  const common = {
    id,
    name,
    value,
    onChange,
    required,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": problem ? `${id}-problem` : undefined,
  };
  // The problem sits outside the label, so the box's name stays its label alone.
  return (
    <div className="editor__field">
      <label htmlFor={id}>
        {label}
        {hint}
      </label>
      {problem ? (
        <span id={`${id}-problem`} className="field-problem">
          {problem.message}
        </span>
      ) : null}
      {multiline ? <textarea rows={3} {...common} /> : <input type={type} {...common} />}
    </div>
  );
}

/** Each line links to its field, on the editor at `editor` if given. */
export function ProblemList({
  problems,
  editor = "",
}: {
  problems: readonly FieldProblem[];
  editor?: string;
}) {
  return (
    <ul className="problem-list">
      {problems.map((problem) => (
        <li key={`${problem.field}:${problem.message}`}>
          {problem.field ? (
            <a href={`${editor}#${fieldId(problem.field)}`}>{problem.message}</a>
          ) : (
            problem.message
          )}
        </li>
      ))}
    </ul>
  );
}
