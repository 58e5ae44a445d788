import { LevelLinks } from "#app/features/catalogue/components/level-links";
import { metaFor, requireRootData } from "#app/lib/head";
import type { Route } from "./+types/advanced";

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Advanced",
    description:
      "What is coming next on StudyZed: material for later years of university and medical school.",
    keywords: ["advanced", "university", "medical school", "coming soon"],
    path: "/tutorials/advanced",
  });

export default function Advanced({ matches }: Route.ComponentProps) {
  const { settings } = requireRootData(matches);
  return (
    <section aria-labelledby="advanced-heading">
      <h1 id="advanced-heading">Advanced</h1>
      <p>
        This level is being prepared. It will hold past papers, notes and quizzes for the later
        years of university and medical school, starting with third-year medicine.
      </p>
      <h2>What is coming</h2>
      <ul>
        <li>Third-year medicine: past papers for each subject, newest first.</li>
        <li>Second-year university courses that build on the first-year ones.</li>
        <li>More Brain Booster quizzes to check yourself before a test.</li>
      </ul>
      <p>
        Want your course added sooner, or have past papers to share? Message us on{" "}
        <a href={settings.messagingLink} rel="noopener">
          WhatsApp
        </a>
        .
      </p>
      <h2>Available now</h2>
      <LevelLinks except="/tutorials/advanced" />
    </section>
  );
}
