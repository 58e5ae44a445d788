import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import {
  articleField,
  articleLabel,
  fieldValue,
  IMAGE_SLOTS,
  setField,
  type EditableArticle,
  type ImageSlot,
} from "../article-form";
import type { FieldProblem } from "../article-problems";
import { fieldId, ProblemList } from "./editor-field";

export type EditorResult = { error: string; problems?: FieldProblem[]; values?: EditableArticle };

type FieldOptions = {
  hint?: ReactNode;
  multiline?: boolean;
  type?: "date" | "time";
  required?: boolean;
};

// What is typed is saved in this browser until the server has the article, so a dropped
// connection or a closed tab loses nothing (docs/decisions/0037-drafts-and-the-editor-on-a-phone.md).
type EditorProps = {
  id: number | null;
  published: boolean;
  initial: EditableArticle;
  result: EditorResult | undefined;
};

export function ArticleEditor({ id, published, initial, result }: EditorProps) {
  const draftKey = `studyzed-article-draft-${id ?? "new"}`;
  const [article, setArticle] = useState(initial);
  const [restored, setRestored] = useState(false);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const summary = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // After hydration: the server cannot see this browser's saved draft.
  useEffect(() => {
    const saved = window.localStorage.getItem(draftKey);
    if (!saved) return;
    try {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- restoring browser-only state once, after hydration
      setArticle(JSON.parse(saved) as EditableArticle);
      setRestored(true);
    } catch {
      window.localStorage.removeItem(draftKey);
    }
  }, [draftKey]);

  // Saved: the action sends the browser on to the article list.
  useEffect(() => {
    if (
      navigation.state === "loading" &&
      navigation.formMethod &&
      navigation.location.pathname === "/admin/articles"
    ) {
      window.localStorage.removeItem(draftKey);
    }
  }, [navigation, draftKey]);

  // A refusal is read first: the admin tapped a button at the foot of a long form.
  useEffect(() => {
    if (result) summary.current?.focus();
  }, [result]);

  const change = (update: (draft: EditableArticle) => void) =>
    setArticle((current) => {
      const next = structuredClone(current);
      update(next);
      window.localStorage.setItem(draftKey, JSON.stringify(next));
      return next;
    });

  // A picture the server has stored comes back as its address: the address takes the chosen
  // file's place, so the next try does not send the file again.
  useEffect(() => {
    const stored = IMAGE_SLOTS.flatMap((slot) => {
      const src = result?.values ? fieldValue(result.values, articleField.image(slot, "src")) : "";
      return src.startsWith("/files/") ? [{ slot, src }] : [];
    });
    const chosen = (slot: ImageSlot) =>
      form.current?.elements.namedItem(articleField.image(slot, "file")) as HTMLInputElement | null;
    const taken = stored.filter(({ slot }) => chosen(slot)?.files?.length);
    if (taken.length === 0) return;
    for (const { slot } of taken) chosen(slot)!.value = "";
    change((draft) => {
      for (const { slot, src } of taken) setField(draft, articleField.image(slot, "src"), src);
    });
    // change only writes this form's state and this browser's copy of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  const error = saving ? null : (result?.error ?? null);
  const problems = new Map(
    (saving ? [] : (result?.problems ?? [])).map((problem) => [problem.field, problem]),
  );

  // The problem sits outside the label, so the box's name stays its label alone.
  const field = (name: string, label: string, more: FieldOptions = {}) => {
    const id = fieldId(name);
    const problem = problems.get(name);
    const box = {
      id,
      name,
      value: fieldValue(article, name),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const value = event.target.value;
        change((draft) => setField(draft, name, value));
      },
      required: more.required ?? false,
      "aria-invalid": problem ? true : undefined,
      "aria-describedby": problem ? `${id}-problem` : undefined,
    };
    return (
      <div key={name} className="editor__field">
        <label htmlFor={id}>
          {label}
          {more.hint}
        </label>
        {problem ? (
          <span id={`${id}-problem`} className="field-problem">
            {problem.message}
          </span>
        ) : null}
        {more.multiline ? <textarea rows={3} {...box} /> : <input type={more.type} {...box} />}
      </div>
    );
  };
  const imageFields = (slot: ImageSlot) => (
    <fieldset key={slot} className="editor__image">
      <legend>{articleLabel.image(slot)}</legend>
      {field(articleField.image(slot, "src"), articleLabel.imageAddress(slot), {
        hint: <span className="field-hint"> (/images/… or https://…)</span>,
      })}
      {field(articleField.image(slot, "alt"), articleLabel.imageDescription(slot))}
      <label>
        Or upload a picture
        <input
          type="file"
          name={articleField.image(slot, "file")}
          accept="image/png,image/jpeg,image/webp"
        />
      </label>
    </fieldset>
  );
  const whenPublished = published ? undefined : (
    <span className="field-hint"> (set when it is published)</span>
  );
  const submit = (intent: string, label: string) => (
    <button type="submit" name="intent" value={intent} className="button" disabled={saving}>
      {label}
    </button>
  );

  return (
    <Form ref={form} method="post" encType="multipart/form-data" className="editor">
      {restored ? (
        <p className="notice" role="status">
          Your unsaved text was restored from this browser.
        </p>
      ) : null}
      {error ? (
        <div ref={summary} tabIndex={-1} role="alert" className="problem-summary">
          <p className="form-error">{error}</p>
          {problems.size ? <ProblemList problems={[...problems.values()]} /> : null}
        </div>
      ) : null}
      <p className="editor__note">
        Only the title is needed to save a draft. Publishing needs the title, Image 1, Intro
        paragraph 1 and Section 1; the other parts may stay blank.
      </p>
      {field("title", articleLabel.text.title, { required: true })}
      <div className="editor__row">
        {field("date", articleLabel.text.date, { type: "date", hint: whenPublished })}
        {field("time", articleLabel.text.time, { type: "time", hint: whenPublished })}
      </div>
      <div className="editor__row">
        {field("poster", articleLabel.text.poster)}
        {field("position", articleLabel.text.position)}
      </div>
      {IMAGE_SLOTS.slice(0, 3).map(imageFields)}
      <fieldset>
        <legend>Introduction</legend>
        {article.intro.map((_, index) =>
          field(articleField.intro(index), articleLabel.intro(index), { multiline: true }),
        )}
      </fieldset>
      {article.groups.map((group, groupIndex) => (
        <fieldset key={groupIndex}>
          <legend>{`${groupIndex === 0 ? "First" : "Second"} group of sections`}</legend>
          {group.sections.map((section, sectionIndex) => {
            const headingField = articleField.heading(groupIndex, sectionIndex);
            const paragraphFields = section.paragraphs.map((_, paragraph) =>
              articleField.paragraph(groupIndex, sectionIndex, paragraph),
            );
            const open = [headingField, ...paragraphFields].some((name) => problems.has(name));
            return (
              <details key={sectionIndex} className="editor__section" open={open || undefined}>
                <summary>
                  {articleLabel.section(groupIndex, sectionIndex)}
                  {section.heading.trim() ? `: ${section.heading.trim()}` : ""}
                </summary>
                {field(headingField, articleLabel.heading(groupIndex, sectionIndex))}
                {paragraphFields.map((name, paragraph) =>
                  field(name, articleLabel.paragraph(groupIndex, sectionIndex, paragraph), {
                    multiline: true,
                  }),
                )}
              </details>
            );
          })}
        </fieldset>
      ))}
      {imageFields("closingImage")}
      {field("keywords", articleLabel.text.keywords, {
        hint: <span className="field-hint"> (separated by commas)</span>,
      })}
      <p role="status" className="form-status">
        {saving ? "Saving ..." : ""}
      </p>
      <div className="editor__actions">
        {id === null ? submit("draft", "Save as draft") : submit("save", "Save")}
        {published ? null : submit("publish", "Save and publish")}
      </div>
    </Form>
  );
}
