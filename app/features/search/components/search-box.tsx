import { MAX_QUERY_LENGTH } from "../search-query";

type SearchBoxProps = { id: string; defaultValue?: string; className: string; label?: string };

/** A plain GET form: works without JavaScript, and every results page is a link to share. */
export function SearchBox({
  id,
  defaultValue = "",
  className,
  label = "Search StudyZed",
}: SearchBoxProps) {
  return (
    <form method="get" action="/search" role="search" className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue}
        maxLength={MAX_QUERY_LENGTH}
        enterKeyHint="search"
        autoComplete="off"
        // Short enough to show whole in the header's box on a 360 px phone.
        placeholder="Topic, paper or quiz"
      />
      <button type="submit">Search</button>
    </form>
  );
}
