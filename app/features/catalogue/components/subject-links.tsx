import { LinkCards } from "#app/components/ui/link-cards";

export type SubjectLink = { slug: string; name: string };

export function SubjectLinks({
  subjects,
  label,
}: {
  subjects: readonly SubjectLink[];
  label: string;
}) {
  const cards = subjects.map(({ slug, name }) => ({
    href: `/tutorials/${slug}`,
    name: slug === slug.toUpperCase() ? `${slug} ${name}` : name,
  }));
  return <LinkCards label={label} cards={cards} />;
}
