import { LinkCards } from "#app/components/ui/link-cards";

type SubjectLinksProps = { subjects: readonly { slug: string; name: string }[]; label: string };

export function SubjectLinks({ subjects, label }: SubjectLinksProps) {
  const cards = subjects.map(({ slug, name }) => ({
    href: `/tutorials/${slug}`,
    name: slug === slug.toUpperCase() ? `${slug} ${name}` : name,
  }));
  return <LinkCards label={label} cards={cards} />;
}
