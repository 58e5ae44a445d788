import type { FieldProblem } from "../article-problems";

export const fieldId = (name: string) => `article-${name}`;

type ProblemListProps = { problems: readonly FieldProblem[]; editor?: string };

export function ProblemList({ problems, editor = "" }: ProblemListProps) {
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
