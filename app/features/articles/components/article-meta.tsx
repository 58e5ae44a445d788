const MONTHS = [
  ...["January", "February", "March", "April", "May", "June"],
  ...["July", "August", "September", "October", "November", "December"],
];

export function ArticleDateTime({ date, time }: { date: string; time: string }) {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const shownDate = MONTHS[month - 1] ? `${day} ${MONTHS[month - 1]} ${year}` : date;
  return (
    <p className="article-meta">
      <time dateTime={`${date}T${time}`}>
        {shownDate} · {time}
      </time>
    </p>
  );
}

export function ExampleNote({ isSample = false }: { isSample?: boolean }) {
  return isSample ? (
    <p className="sample-note">
      Example article: written to show what Smartify articles look like.
    </p>
  ) : null;
}
