import type { ChangeEvent, ReactNode } from "react";
import type { FieldProblem } from "../article-problems";

/** The id of the editor's input for a form field, which a problem's link jumps to. */
const fieldId = (name: string) => `article-${name}`;

/**
 * One labelled box of the article editor, full width: a line, or a paragraph box. A field
 * with a problem says so under its label and is marked invalid for screen readers.
 */
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
  // The problem sits outside the label, so that the box's name stays its label alone.
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

/** What is wrong, each line a link to the field that holds it, on the editor at `editor` if given. */
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
