import { useEffect, useState, type ChangeEvent } from "react";
import { adminCall } from "./admin-call";

type Image = { src: string; alt: string };
type Section = { heading: string; paragraphs: string[] };
export type EditableArticle = {
  title: string;
  date: string;
  time: string;
  poster: string;
  position: string;
  images: [Image, Image, Image];
  intro: [string, string, string, string];
  groups: [{ sections: Section[] }, { sections: Section[] }];
  closingImage: Image;
  keywords: string[];
};

const emptyImage = (): Image => ({ src: "", alt: "" });
/** Seven sections of four paragraphs; the last of the second group has three (the fourth field held keywords). */
const emptySections = (group: number): Section[] =>
  Array.from({ length: 7 }, (_, index) => ({
    heading: "",
    paragraphs: Array.from({ length: group === 1 && index === 6 ? 3 : 4 }, () => ""),
  }));

export function emptyArticle(today: string): EditableArticle {
  return {
    title: "",
    date: today,
    time: "08:00",
    poster: "",
    position: "",
    images: [emptyImage(), emptyImage(), emptyImage()],
    intro: ["", "", "", ""],
    groups: [{ sections: emptySections(0) }, { sections: emptySections(1) }],
    closingImage: emptyImage(),
    keywords: [],
  };
}

/**
 * The article editor (issue 7): the article's own structure, field by field. What is typed
 * is kept in this browser as it is typed, so a dropped connection on save, or a closed
 * tab, loses nothing; it is cleared once the server has the article.
 */
export function ArticleEditor({ id, initial }: { id: number | null; initial: EditableArticle }) {
  const draftKey = `studyzed-article-draft-${id ?? "new"}`;
  const [article, setArticle] = useState(initial);
  const [restored, setRestored] = useState(false);
  const [status, setStatus] = useState<{ kind: "idle" | "saving" | "error"; text: string }>({
    kind: "idle",
    text: "",
  });

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

  async function upload(
    event: ChangeEvent<HTMLInputElement>,
    apply: (draft: EditableArticle, src: string) => void,
  ) {
    const file = event.target.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.append("file", file);
    setStatus({ kind: "saving", text: "Uploading the image ..." });
    const result = await adminCall("POST", "/images", form);
    if (!result.ok)
      return setStatus({
        kind: "error",
        text: String(result.data.error ?? "The image could not be uploaded."),
      });
    change((draft) => apply(draft, String(result.data.src)));
    setStatus({ kind: "idle", text: "Image uploaded." });
  }

  async function save(publish: boolean) {
    setStatus({ kind: "saving", text: "Saving ..." });
    // Sections may hold fewer than four paragraphs: blank boxes are left out.
    const groups = article.groups.map((group) => ({
      sections: group.sections.map((section) => ({
        ...section,
        paragraphs: section.paragraphs.filter((paragraph) => paragraph.trim()),
      })),
    }));
    const body = {
      article: { ...article, groups, keywords: article.keywords.filter(Boolean) },
      publish,
    };
    const result =
      id === null
        ? await adminCall("POST", "/articles", body)
        : await adminCall("PUT", `/articles/${id}`, body);
    if (!result.ok) {
      const fields = result.data.fields as Record<string, string> | undefined;
      const where = fields ? ` (${Object.keys(fields).join(", ")})` : "";
      return setStatus({
        kind: "error",
        text: `${String(result.data.error ?? "The article could not be saved.")}${where}`,
      });
    }
    window.localStorage.removeItem(draftKey);
    window.location.assign(`/admin/articles?saved=${result.data.id}`);
  }

  const imageField = (label: string, image: Image, apply: (draft: EditableArticle) => Image) => (
    <fieldset key={label} className="editor__image">
      <legend>{label}</legend>
      <label>
        Address (/images/… or https://…)
        <input
          value={image.src}
          onChange={text((draft, value) => void (apply(draft).src = value))}
        />
      </label>
      <label>
        Describe the picture
        <input
          value={image.alt}
          onChange={text((draft, value) => void (apply(draft).alt = value))}
        />
      </label>
      <label>
        Or upload an image
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(event) => upload(event, (draft, src) => void (apply(draft).src = src))}
        />
      </label>
    </fieldset>
  );

  return (
    <form
      className="editor"
      onSubmit={(event) => {
        event.preventDefault();
        void save(false);
      }}
    >
      {restored ? (
        <p className="notice" role="status">
          Your unsaved text was restored from this browser.
        </p>
      ) : null}
      <label>
        Title
        <input
          name="title"
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
            value={article.date}
            onChange={text((draft, value) => void (draft.date = value))}
            required
          />
        </label>
        <label>
          Time
          <input
            type="time"
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
            value={article.poster}
            onChange={text((draft, value) => void (draft.poster = value))}
            required
          />
        </label>
        <label>
          Position
          <input
            value={article.position}
            onChange={text((draft, value) => void (draft.position = value))}
          />
        </label>
      </div>
      {article.images.map((image, index) =>
        imageField(`Image ${index + 1}`, image, (draft) => draft.images[index]!),
      )}
      <fieldset>
        <legend>Introduction</legend>
        {article.intro.map((paragraph, index) => (
          <label key={index}>
            Intro paragraph {index + 1}
            <textarea
              rows={3}
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
      {imageField("Closing image", article.closingImage, (draft) => draft.closingImage)}
      <label>
        Keywords (separated by commas)
        <input
          value={article.keywords.join(", ")}
          onChange={text(
            (draft, value) =>
              void (draft.keywords = value.split(",").map((keyword) => keyword.trim())),
          )}
        />
      </label>
      <p
        role={status.kind === "error" ? "alert" : "status"}
        className={status.kind === "error" ? "form-error" : "form-status"}
      >
        {status.text}
      </p>
      <div className="editor__actions">
        <button type="submit" className="button" disabled={status.kind === "saving"}>
          {id === null ? "Save as draft" : "Save"}
        </button>
        {id === null ? (
          <button
            type="button"
            className="button"
            disabled={status.kind === "saving"}
            onClick={() => void save(true)}
          >
            Save and publish
          </button>
        ) : null}
      </div>
    </form>
  );
}
