import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { Form, useNavigation } from "react-router";
import {
  articleField,
  articleLabel,
  IMAGE_SLOTS,
  type EditableArticle,
  type ImageSlot,
} from "../article-form";
import type { FieldProblem } from "../article-problems";
import { EditorField, ProblemList } from "./editor-field";

export type EditorResult = {
  error: string;
  /** What keeps the article from being saved or published, field by field. */
  problems?: FieldProblem[];
  values?: EditableArticle;
};

/**
 * The article editor: the article's own structure, field by field, in one form that posts
 * to its page's action (with pictures to upload, if any), so it works without JavaScript.
 * On a phone each of the fourteen sections folds away under its number, and opens by
 * itself when it holds a problem. With JavaScript, what is typed is also kept in this
 * browser as it is typed, so a dropped connection on save, or a closed tab, loses nothing;
 * the copy goes once the server has the article.
 */
export function ArticleEditor({
  id,
  initial,
  result,
}: {
  id: number | null;
  initial: EditableArticle;
  result: EditorResult | undefined;
}) {
  const draftKey = `studyzed-article-draft-${id ?? "new"}`;
  const [article, setArticle] = useState(initial);
  const [restored, setRestored] = useState(false);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const summary = useRef<HTMLDivElement>(null);

  // After hydration, not during render: the server cannot see this browser's saved draft.
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

  const change = (update: (draft: EditableArticle) => void) => {
    setArticle((current) => {
      const next = structuredClone(current);
      update(next);
      window.localStorage.setItem(draftKey, JSON.stringify(next));
      return next;
    });
  };
  const text =
    (update: (draft: EditableArticle, value: string) => void) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      change((draft) => update(draft, value));
    };

  const error = saving ? null : (result?.error ?? null);
  const problems = new Map(
    (saving ? [] : (result?.problems ?? [])).map((problem) => [problem.field, problem]),
  );
  const problemIn = (...fields: string[]) => fields.some((field) => problems.has(field));

  const imageOf = (draft: EditableArticle, slot: ImageSlot) =>
    slot === "closingImage"
      ? draft.closingImage
      : draft.images[Number(slot.slice(-1)) as 0 | 1 | 2];
  const imageFields = (slot: ImageSlot) => {
    const image = imageOf(article, slot);
    return (
      <fieldset key={slot} className="editor__image">
        <legend>{articleLabel.image(slot)}</legend>
        <EditorField
          label={articleLabel.imageAddress(slot)}
          hint={<span className="field-hint"> (/images/… or https://…)</span>}
          name={articleField.image(slot, "src")}
          value={image.src}
          onChange={text((draft, value) => void (imageOf(draft, slot).src = value))}
          problem={problems.get(articleField.image(slot, "src"))}
        />
        <EditorField
          label={articleLabel.imageDescription(slot)}
          name={articleField.image(slot, "alt")}
          value={image.alt}
          onChange={text((draft, value) => void (imageOf(draft, slot).alt = value))}
          problem={problems.get(articleField.image(slot, "alt"))}
        />
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
  };

  return (
    <Form method="post" encType="multipart/form-data" className="editor">
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
        Only the title is needed to save a draft. Publishing needs every part.
      </p>
      <EditorField
        label={articleLabel.text.title}
        name={articleField.text("title")}
        value={article.title}
        onChange={text((draft, value) => void (draft.title = value))}
        problem={problems.get("title")}
        required
      />
      <div className="editor__row">
        <EditorField
          label={articleLabel.text.date}
          type="date"
          name={articleField.text("date")}
          value={article.date}
          onChange={text((draft, value) => void (draft.date = value))}
          problem={problems.get("date")}
        />
        <EditorField
          label={articleLabel.text.time}
          type="time"
          name={articleField.text("time")}
          value={article.time}
          onChange={text((draft, value) => void (draft.time = value))}
          problem={problems.get("time")}
        />
      </div>
      <div className="editor__row">
        <EditorField
          label={articleLabel.text.poster}
          name={articleField.text("poster")}
          value={article.poster}
          onChange={text((draft, value) => void (draft.poster = value))}
          problem={problems.get("poster")}
        />
        <EditorField
          label={articleLabel.text.position}
          name={articleField.text("position")}
          value={article.position}
          onChange={text((draft, value) => void (draft.position = value))}
          problem={problems.get("position")}
        />
      </div>
      {IMAGE_SLOTS.slice(0, 3).map(imageFields)}
      <fieldset>
        <legend>Introduction</legend>
        {article.intro.map((paragraph, index) => (
          <EditorField
            key={index}
            label={articleLabel.intro(index)}
            multiline
            name={articleField.intro(index)}
            value={paragraph}
            onChange={text((draft, value) => void (draft.intro[index] = value))}
            problem={problems.get(articleField.intro(index))}
          />
        ))}
      </fieldset>
      {article.groups.map((group, groupIndex) => (
        <fieldset key={groupIndex}>
          <legend>
            {groupIndex === 0 ? "First group of sections" : "Second group of sections"}
          </legend>
          {group.sections.map((section, sectionIndex) => {
            const headingField = articleField.heading(groupIndex, sectionIndex);
            const paragraphFields = section.paragraphs.map((_, paragraph) =>
              articleField.paragraph(groupIndex, sectionIndex, paragraph),
            );
            return (
              <details
                key={sectionIndex}
                className="editor__section"
                open={problemIn(headingField, ...paragraphFields) || undefined}
              >
                <summary>
                  {articleLabel.section(groupIndex, sectionIndex)}
                  {section.heading.trim() ? `: ${section.heading.trim()}` : ""}
                </summary>
                <EditorField
                  label={articleLabel.heading(groupIndex, sectionIndex)}
                  name={headingField}
                  value={section.heading}
                  onChange={text(
                    (draft, value) =>
                      void (draft.groups[groupIndex]!.sections[sectionIndex]!.heading = value),
                  )}
                  problem={problems.get(headingField)}
                />
                {section.paragraphs.map((paragraph, paragraphIndex) => (
                  <EditorField
                    key={paragraphIndex}
                    label={articleLabel.paragraph(groupIndex, sectionIndex, paragraphIndex)}
                    multiline
                    name={paragraphFields[paragraphIndex]!}
                    value={paragraph}
                    onChange={text(
                      (draft, value) =>
                        void (draft.groups[groupIndex]!.sections[sectionIndex]!.paragraphs[
                          paragraphIndex
                        ] = value),
                    )}
                    problem={problems.get(paragraphFields[paragraphIndex]!)}
                  />
                ))}
              </details>
            );
          })}
        </fieldset>
      ))}
      {imageFields("closingImage")}
      <EditorField
        label={articleLabel.text.keywords}
        hint={<span className="field-hint"> (separated by commas)</span>}
        name={articleField.text("keywords")}
        value={article.keywords.join(", ")}
        onChange={text(
          (draft, value) =>
            void (draft.keywords = value.split(",").map((keyword) => keyword.trim())),
        )}
        problem={problems.get("keywords")}
      />
      <p role="status" className="form-status">
        {saving ? "Saving ..." : ""}
      </p>
      <div className="editor__actions">
        <button
          type="submit"
          name="intent"
          value={id === null ? "draft" : "save"}
          className="button"
          disabled={saving}
        >
          {id === null ? "Save as draft" : "Save"}
        </button>
        {id === null ? (
          <button type="submit" name="intent" value="publish" className="button" disabled={saving}>
            Save and publish
          </button>
        ) : null}
      </div>
    </Form>
  );
}
