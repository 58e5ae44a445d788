import { metaFor, rootDataFromMatches } from "~/lib/site-data";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Home",
    description: "Free books, tutorial booklets, past papers, video lessons and self-marking quizzes for grade 10 to 12, first-year and medical students in Zambia.",
    keywords: ["StudyZed", "Zambia", "past papers", "grade 12", "revision", "free books", "ECZ"],
    path: "/",
  });

export default function Home({ matches }: Route.ComponentProps) {
  const { site, settings } = rootDataFromMatches(matches);
  return (
    <article className="home">
      <h1>{site.name}: study smart, for free</h1>
      <blockquote className="home__quote">
        <p>“Education is the most powerful weapon which you can use to change the world.”</p>
        <footer>Nelson Mandela</footer>
      </blockquote>
      <p>{settings.tagline}.</p>
    </article>
  );
}
