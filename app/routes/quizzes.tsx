import { groupQuizzesByLevel } from "#app/features/quizzes/quiz-list";
import { listQuizzes } from "#app/features/quizzes/quizzes.server";
import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/quizzes";

export async function loader() {
  return { levels: groupQuizzesByLevel(await listQuizzes()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Brain Booster quizzes",
    description:
      "Every Brain Booster quiz by level, from Grade 10 biology, chemistry, mathematics and physics to second-year medicine, with how many questions each has.",
    keywords: ["Brain Booster", "quizzes", "self-marking", "grade 10", "medicine", "Zambia"],
    path: "/quizzes",
  });

/** /quizzes: every Brain Booster quiz, grouped by level (docs/requirements.md, "Brain Booster quizzes"). */
export default function Quizzes({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="quizzes-heading">
      <h1 id="quizzes-heading">Brain Booster</h1>
      <p>
        Short self-marking quizzes. Pick an answer to each question, then tap Show Results to see
        your marks and the right answers. A quiz works offline once it has loaded.
      </p>
      {loaderData.levels.map(({ level, quizzes }) => (
        <section key={level}>
          <h2>{level}</h2>
          <ul className="link-grid">
            {quizzes.map((quiz) => (
              <li key={quiz.slug}>
                <a className="link-card" href={`/${quiz.slug}`}>
                  {quiz.title}
                  <span className="link-card__note">{quiz.questionCount} questions</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
