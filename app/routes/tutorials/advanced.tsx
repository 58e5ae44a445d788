import { LevelLinks } from "#app/features/catalogue/components/level-links";
import { requireRootData } from "#app/lib/head";
import { pageMeta } from "../page-heads";
import texts from "#content/page-texts.json";
import type { Route } from "./+types/advanced";

export const meta = pageMeta("/tutorials/advanced");

export default function Advanced({ matches }: Route.ComponentProps) {
  const { settings } = requireRootData(matches);
  return (
    <section aria-labelledby="advanced-heading">
      <h1 id="advanced-heading">Advanced</h1>
      <p>{texts.advanced.intro}</p>
      <h2>What is coming</h2>
      <ul>
        {texts.advanced.coming.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {settings.messagingLink ? (
        <p>
          Want your course added sooner, or have past papers to share? Message us on{" "}
          <a href={settings.messagingLink} rel="noopener">
            WhatsApp
          </a>
          .
        </p>
      ) : null}
      <h2>Available now</h2>
      <LevelLinks except="/tutorials/advanced" />
    </section>
  );
}
