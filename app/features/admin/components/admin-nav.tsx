export function AdminNav({ username }: { username: string }) {
  return (
    <nav className="admin-nav" aria-label="Admin">
      <a href="/admin/articles">Articles</a>
      <a href="/admin/catalogue">Catalogue</a>
      <a href="/admin/audit">Audit log</a>
      <form method="post" action="/logout" className="admin-nav__logout">
        <span>Signed in as {username}</span> <button type="submit">Log out</button>{" "}
        <button type="submit" name="everywhere" value="1">
          Log out everywhere
        </button>
      </form>
    </nav>
  );
}
