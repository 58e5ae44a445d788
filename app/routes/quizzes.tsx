import { LinkCards } from "#app/components/ui/link-cards";
import { quizPath } from "#app/features/quizzes/quiz-constants";
import { groupQuizzes } from "#app/features/quizzes/quiz-list";
import { listQuizzes } from "#app/features/quizzes/quizzes.server";
import { pageMeta } from "./page-heads";
import type { Route } from "./+types/quizzes";

export async function loader() {
  return { subjects: groupQuizzes(await listQuizzes()) };
}

export const meta = pageMeta("/quizzes");

export default function Quizzes({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="quizzes-heading">
      <h1 id="quizzes-heading">Brain Booster</h1>
      <p>
        Short self-marking quizzes. Pick an answer to each question, then tap Show Results to see
        your marks and the right answers. A quiz works offline once it has loaded.
      </p>
      {loaderData.subjects.map(({ name, levels }) => (
        <section key={name} aria-labelledby={`quizzes-${name}`}>
          <h2 id={`quizzes-${name}`}>{name}</h2>
          {levels.map(({ level, quizzes }) => (
            <section key={level}>
              <h3>{level}</h3>
              <LinkCards
                cards={quizzes.map((quiz) => ({
                  href: quizPath(quiz.slug),
                  name: quiz.title,
                  note: <>{quiz.questionCount} questions</>,
                }))}
              />
            </section>
          ))}
        </section>
      ))}
    </section>
  );
}
