export function NotFound() {
  return (
    <section className="not-found" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Error: Page not found or the url you entered has been removed</h1>
      <p>
        Use the menu to find what you are looking for, or go back to the <a href="/">home page</a>.
      </p>
    </section>
  );
}
