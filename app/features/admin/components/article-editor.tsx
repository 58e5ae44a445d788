import { useEffect, useState, type ChangeEvent } from "react";
import { Form, useNavigation } from "react-router";
import { articleField, IMAGE_SLOTS, type EditableArticle, type ImageSlot } from "../article-form";

export type EditorResult = { error: string; values?: EditableArticle };

/**
 * The article editor: the article's own structure, field by field, in one form that posts
 * to its page's action (with pictures to upload, if any), so it works without JavaScript.
 * With JavaScript, what is typed is also kept in this browser as it is typed, so a dropped
 * connection on save, or a closed tab, loses nothing; the copy goes once the server has
 * the article.
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

  const imageOf = (draft: EditableArticle, slot: ImageSlot) =>
    slot === "closingImage"
      ? draft.closingImage
      : draft.images[Number(slot.slice(-1)) as 0 | 1 | 2];
  const imageField = (label: string, slot: ImageSlot) => {
    const image = imageOf(article, slot);
    return (
      <fieldset key={slot} className="editor__image">
        <legend>{label}</legend>
        <label>
          Address (/images/… or https://…)
          <input
            name={articleField.image(slot, "src")}
            value={image.src}
            onChange={text((draft, value) => void (imageOf(draft, slot).src = value))}
          />
        </label>
        <label>
          Describe the picture
          <input
            name={articleField.image(slot, "alt")}
            value={image.alt}
            onChange={text((draft, value) => void (imageOf(draft, slot).alt = value))}
          />
        </label>
        <label>
          Or upload an image
          <input
            type="file"
            name={articleField.image(slot, "file")}
            accept="image/png,image/jpeg,image/webp"
          />
        </label>
      </fieldset>
    );
  };

  const error = saving ? null : (result?.error ?? null);
  return (
    <Form method="post" encType="multipart/form-data" className="editor">
      {restored ? (
        <p className="notice" role="status">
          Your unsaved text was restored from this browser.
        </p>
      ) : null}
      <label>
        Title
        <input
          name={articleField.text("title")}
          value={article.title}
          onChange={text((draft, value) => void (draft.title = value))}
          required
        />
      </label>
      <div className="editor__row">
        <label>
          Date
          <input
            type="date"
            name={articleField.text("date")}
            value={article.date}
            onChange={text((draft, value) => void (draft.date = value))}
            required
          />
        </label>
        <label>
          Time
          <input
            type="time"
            name={articleField.text("time")}
            value={article.time}
            onChange={text((draft, value) => void (draft.time = value))}
            required
          />
        </label>
      </div>
      <div className="editor__row">
        <label>
          Posted by
          <input
            name={articleField.text("poster")}
            value={article.poster}
            onChange={text((draft, value) => void (draft.poster = value))}
            required
          />
        </label>
        <label>
          Position
          <input
            name={articleField.text("position")}
            value={article.position}
            onChange={text((draft, value) => void (draft.position = value))}
          />
        </label>
      </div>
      {IMAGE_SLOTS.slice(0, 3).map((slot, index) => imageField(`Image ${index + 1}`, slot))}
      <fieldset>
        <legend>Introduction</legend>
        {article.intro.map((paragraph, index) => (
          <label key={index}>
            Intro paragraph {index + 1}
            <textarea
              rows={3}
              name={articleField.intro(index)}
              value={paragraph}
              onChange={text((draft, value) => void (draft.intro[index] = value))}
            />
          </label>
        ))}
      </fieldset>
      {article.groups.map((group, groupIndex) => (
        <fieldset key={groupIndex}>
          <legend>
            {groupIndex === 0 ? "First group of sections" : "Second group of sections"}
          </legend>
          {group.sections.map((section, sectionIndex) => (
            <fieldset key={sectionIndex} className="editor__section">
              <legend>Section {sectionIndex + 1}</legend>
              <label>
                Bold heading
                <input
                  name={articleField.heading(groupIndex, sectionIndex)}
                  value={section.heading}
                  onChange={text(
                    (draft, value) =>
                      void (draft.groups[groupIndex]!.sections[sectionIndex]!.heading = value),
                  )}
                />
              </label>
              {section.paragraphs.map((paragraph, paragraphIndex) => (
                <label key={paragraphIndex}>
                  Paragraph {paragraphIndex + 1}
                  <textarea
                    rows={3}
                    name={articleField.paragraph(groupIndex, sectionIndex, paragraphIndex)}
                    value={paragraph}
                    onChange={text(
                      (draft, value) =>
                        void (draft.groups[groupIndex]!.sections[sectionIndex]!.paragraphs[
                          paragraphIndex
                        ] = value),
                    )}
                  />
                </label>
              ))}
            </fieldset>
          ))}
        </fieldset>
      ))}
      {imageField("Closing image", "closingImage")}
      <label>
        Keywords (separated by commas)
        <input
          name={articleField.text("keywords")}
          value={article.keywords.join(", ")}
          onChange={text(
            (draft, value) =>
              void (draft.keywords = value.split(",").map((keyword) => keyword.trim())),
          )}
        />
      </label>
      <p role={error ? "alert" : "status"} className={error ? "form-error" : "form-status"}>
        {saving ? "Saving ..." : (error ?? "")}
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
