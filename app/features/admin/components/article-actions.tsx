import { Form } from "react-router";
import { fieldsOf } from "#app/lib/form-fields";
import type { ArticleListFormSchema } from "../forms";

const field = fieldsOf<typeof ArticleListFormSchema>();
type Article = { id: number; title: string };
const deleteQuestion = (title: string) => `Delete "${title}" for good? This cannot be undone.`;

// Each button is a form posting to the list's action, so it works without JavaScript; a delete
// asks first, in a dialog with JavaScript and on a confirmation form (DeleteConfirmation) without.
export function ArticleActions({ id, title, published }: Article & { published: boolean }) {
  return (
    <span className="admin-actions">
      <a href={`/admin/articles/${id}`}>Edit</a>
      <a href={`/admin/articles/${id}/preview`}>Preview</a>
      <Form method="post">
        <input type="hidden" name={field("id")} value={id} />
        <button type="submit" name={field("intent")} value={published ? "unpublish" : "publish"}>
          {published ? "Unpublish" : "Publish"}
        </button>
      </Form>
      <DeleteArticleForm id={id} title={title} />
    </span>
  );
}

function DeleteArticleForm({ id, title, confirmed = false }: Article & { confirmed?: boolean }) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (confirmed) return;
        if (!window.confirm(deleteQuestion(title))) {
          event.preventDefault();
          return;
        }
        const confirmation = event.currentTarget.elements.namedItem(field("confirmed"));
        if (confirmation instanceof HTMLInputElement) confirmation.value = "yes";
      }}
    >
      <input type="hidden" name={field("id")} value={id} />
      <input type="hidden" name={field("confirmed")} value={confirmed ? "yes" : ""} />
      <button type="submit" name={field("intent")} value="delete">
        {confirmed ? "Yes, delete it for good" : "Delete"}
      </button>
    </Form>
  );
}

export function DeleteConfirmation({ id, title }: Article) {
  return (
    <div className="notice" role="alert">
      <p>{deleteQuestion(title)}</p>
      <span className="admin-actions">
        <DeleteArticleForm id={id} title={title} confirmed />
        <a href="/admin/articles">Keep it</a>
      </span>
    </div>
  );
}
