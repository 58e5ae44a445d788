import { useState } from "react";
import { adminCall } from "./admin-call";

/** Publish, unpublish and delete (after a confirmation) for one article in the admin list. */
export function ArticleActions({
  id,
  title,
  published,
}: {
  id: number;
  title: string;
  published: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  async function act(method: string, path: string) {
    const result = await adminCall(method, path);
    if (!result.ok) return setError(String(result.data.error ?? "That did not work."));
    window.location.reload();
  }
  return (
    <span className="admin-actions">
      <a href={`/admin/articles/${id}`}>Edit</a>
      <a href={`/admin/articles/${id}/preview`}>Preview</a>
      <button
        type="button"
        onClick={() => void act("POST", `/articles/${id}/${published ? "unpublish" : "publish"}`)}
      >
        {published ? "Unpublish" : "Publish"}
      </button>
      <button
        type="button"
        onClick={() => {
          if (window.confirm(`Delete "${title}" for good? This cannot be undone.`))
            void act("DELETE", `/articles/${id}`);
        }}
      >
        Delete
      </button>
      {error ? (
        <span role="alert" className="form-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
