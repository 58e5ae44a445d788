import { Fragment } from "react";
import { ContactUs } from "#app/components/ui/contact-us";
import { requireRootData } from "#app/lib/head";
import { pageMeta } from "./page-heads";
import texts from "#content/page-texts.json";
import type { Route } from "./+types/about";

export const meta = pageMeta("/about");

export default function About({ matches }: Route.ComponentProps) {
  const { site, settings } = requireRootData(matches);
  const { aim, motto, developer, contactEmail, messagingLink } = settings;
  return (
    <article className="about">
      <h1>About {site.name}</h1>
      <img
        className="about__logo"
        src="/logo.svg"
        width="180"
        height="60"
        alt={`${site.name} logo`}
      />

      <h2>What it is</h2>
      <p>
        {site.name} is a free study site. It has books, tutorial booklets by subject and grade, past
        papers with answers, video lessons, podcasts, study articles (Smartify) and short
        self-marking quizzes (Brain Booster).
      </p>

      {texts.about.sections.map(({ heading, text }) => (
        <Fragment key={heading}>
          <h2>{heading}</h2>
          <p>{text}</p>
        </Fragment>
      ))}
      <h2>Our aim</h2>
      <p>{aim}</p>

      <h2>Our motto</h2>
      <p className="about__motto">{motto}</p>

      <h2>Who makes it</h2>
      <p>
        <strong>{developer.name}.</strong> {developer.about}
      </p>

      <ContactUs contactEmail={contactEmail} messagingLink={messagingLink} />

      <h2 id="faq">Frequently asked questions</h2>
      <dl className="about__faq">
        {texts.about.faq.map(({ question, answer }) => (
          <Fragment key={question}>
            <dt>{question}</dt>
            <dd>{answer}</dd>
          </Fragment>
        ))}
      </dl>
    </article>
  );
}
