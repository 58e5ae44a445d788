import { metaFor, requireRootData } from "#app/lib/head";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "About",
    description:
      "What StudyZed is, who it is for, why it exists and how to reach us, with answers to common questions.",
    keywords: ["about StudyZed", "contact", "FAQ", "Zambia students"],
    path: "/about",
  });

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

      <h2>Who it is for</h2>
      <p>
        Grade 10 to 12 pupils preparing for their school certificate, first-year university students
        on national qualification courses, and second-year medical students.
      </p>

      <h2>Why it exists</h2>
      <p>
        Good revision material is hard to find and costs money and data. We collect it in one place,
        keep pages small so they load on any phone, and let everyone download for free.
      </p>

      <h2>Our aim</h2>
      <p>{aim}</p>

      <h2>Our motto</h2>
      <p className="about__motto">{motto}</p>

      <h2>Who makes it</h2>
      <p>
        <strong>{developer.name}.</strong> {developer.about}
      </p>

      <h2>Contact us</h2>
      <ul>
        <li>
          Message us on{" "}
          <a href={messagingLink} rel="noopener">
            WhatsApp
          </a>
        </li>
        <li>
          E-mail <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
        </li>
      </ul>

      <h2 id="faq">Frequently asked questions</h2>
      <dl className="about__faq">
        <dt>Do I have to pay?</dt>
        <dd>
          No. Every book, booklet and past paper downloads for free, even the ones that show a
          price.
        </dd>
        <dt>Do I need an account?</dt>
        <dd>No. You can read, watch, download and take quizzes without one.</dd>
        <dt>How much data will a download use?</dt>
        <dd>
          Each download link shows the file's size before you tap it, so you know the cost first.
        </dd>
        <dt>Can I use the quizzes offline?</dt>
        <dd>
          Yes. Once a Brain Booster quiz has loaded, you can answer it and see your marks with no
          connection.
        </dd>
      </dl>
    </article>
  );
}
