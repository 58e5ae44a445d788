import type { materials, subjects } from "#database/schema";
import type { CatalogueContent } from "./catalogue-files.server";

export type SubjectRow = typeof subjects.$inferInsert;
export type MaterialRow = Omit<
  typeof materials.$inferInsert,
  "id" | "fileId" | "downloadCount" | "origin" | "updatedAt"
>;

/** How a fresh install gets a real file behind a material that has no file of its own yet. */
export type SampleFile =
  | { kind: "pdf"; fileName: string; lines: string[] }
  | { kind: "media"; fileName: string; source: string; contentType: string };

export type CatalogueRows = {
  subjects: SubjectRow[];
  materials: (MaterialRow & { sample: SampleFile })[];
};

/** Every price of a priced topic (docs/requirements.md, "Constants": every priced topic is 4 ZMW). */
export const TOPIC_PRICE_NGWEE = 400;

/**
 * Turns the checked-in content into database rows. Pure, so that keys, prices and
 * ordering are unit-tested; keys are derived from titles, so they stay stable across
 * installs and make readable download addresses.
 */
export function catalogueRows(content: CatalogueContent): CatalogueRows {
  const subjectRows: SubjectRow[] = [];
  const materialRows: CatalogueRows["materials"] = [];
  const add = (row: MaterialRow, sample: SampleFile) => materialRows.push({ ...row, sample });

  content.home.products.forEach((product, position) =>
    add(
      {
        key: `home-${slugify(product.title)}`,
        kind: "product",
        page: "home",
        title: product.title,
        image: product.image,
        imageAlt: product.alt,
        isFree: true,
        position,
        ...external(product.external),
      },
      samplePdf(product.title, "study product"),
    ),
  );

  content.books.books.forEach((book, position) =>
    add(
      {
        key: `book-${slugify(book.title)}`,
        kind: "book",
        page: "books",
        title: book.title,
        description: book.blurb,
        image: book.cover,
        imageAlt: `Cover of ${book.title}`,
        crossedOutPrice: book.crossedOutPrice,
        isFree: true,
        position,
        ...external(book.external),
      },
      samplePdf(book.title, "book"),
    ),
  );

  add(
    {
      key: "studyzed-android-app",
      kind: "app_file",
      page: "app",
      title: content.app.label,
      isFree: true,
      position: 0,
    },
    samplePdf("StudyZed Android app", "Android app file (APK)"),
  );

  content.subjects.forEach((subject, subjectPosition) => {
    subjectRows.push({
      slug: subject.slug,
      kind: "school_subject",
      name: subject.name,
      description: subject.description,
      keywords: subject.keywords,
      cover: subject.cover,
      quizzes: [],
      position: subjectPosition,
    });
    let position = 0;
    for (const section of subject.sections) {
      for (const topic of section.topics) {
        const topicKey = `${subject.slug}-${slugify(topic.title)}`;
        const shared = {
          page: subject.slug,
          subjectSlug: subject.slug,
          topicKey,
          grade: section.grade,
        };
        const name = `${subject.name} – ${topic.title} (Grade ${section.grade})`;
        add(
          {
            ...shared,
            key: topicKey,
            kind: "topic_booklet",
            title: topic.title,
            image: subject.cover,
            imageAlt: `${subject.name} booklet cover`,
            isFree: topic.free,
            priceNgwee: topic.free ? null : TOPIC_PRICE_NGWEE,
            brainBooster: topic.brainBooster ?? null,
            position: position++,
            ...external(topic.external),
          },
          samplePdf(name, "tutorial booklet"),
        );
        if (topic.practiceTest) {
          add(
            {
              ...shared,
              key: `${topicKey}-practice-test`,
              kind: "practice_test",
              title: "Practice Test",
              isFree: topic.free,
              position: position++,
            },
            samplePdf(`${name}: Practice Test`, "practice test"),
          );
          add(
            {
              ...shared,
              key: `${topicKey}-practice-test-answers`,
              kind: "practice_test_answers",
              title: "Practice Test Answers",
              isFree: topic.free,
              position: position++,
            },
            samplePdf(`${name}: Practice Test Answers`, "practice test answers"),
          );
        }
      }
    }
  });

  content.pastPapers.subjects.forEach((subject, subjectPosition) => {
    subjectRows.push({
      slug: subject.slug,
      kind: "medical_subject",
      name: subject.name,
      description: subject.description,
      keywords: subject.keywords,
      quizzes: subject.quizzes,
      position: subjectPosition,
    });
    pastPaperRows(subject.slug, subject.name, subject.years, add);
    subject.topicalPdfs.forEach((pdf, position) =>
      add(
        {
          key: `${subject.slug}-${slugify(pdf.title)}`,
          kind: "topical_pdf",
          page: subject.slug,
          subjectSlug: subject.slug,
          title: pdf.title,
          isFree: true,
          position,
          ...external(pdf.external),
        },
        samplePdf(`${subject.name} – ${pdf.title}`, "topical revision notes"),
      ),
    );
  });

  content.courses.courses.forEach((course, coursePosition) => {
    subjectRows.push({
      slug: course.code,
      kind: "course",
      name: course.name,
      description: course.description,
      keywords: course.keywords,
      quizzes: [],
      position: coursePosition,
    });
    pastPaperRows(course.code, `${course.code} ${course.name}`, course.years, add);
  });

  content.videos.videos.forEach((video, position) =>
    add(
      {
        key: `video-${slugify(video.title)}`,
        kind: "video_lesson",
        page: "videos",
        title: video.title,
        description: video.description,
        topics: video.topics,
        image: video.poster,
        imageAlt: `${video.title}: opening slide`,
        youtubeId: video.source.kind === "youtube" ? video.source.id : null,
        isFree: true,
        position,
      },
      video.source.kind === "file"
        ? {
            kind: "media",
            fileName: `${video.title}.webm`,
            source: video.source.file,
            contentType: contentTypeOf(video.source.file),
          }
        : samplePdf(video.title, "video lesson notes"),
    ),
  );

  content.podcasts.podcasts.forEach((podcast, position) =>
    add(
      {
        key: `podcast-${slugify(podcast.title)}`,
        kind: "podcast_episode",
        page: "podcasts",
        title: podcast.title,
        description: podcast.description,
        isFree: true,
        position,
      },
      {
        kind: "media",
        fileName: `${podcast.title}${extensionOf(podcast.audioFile)}`,
        source: podcast.audioFile,
        contentType: contentTypeOf(podcast.audioFile),
      },
    ),
  );

  const seen = new Set<string>();
  for (const row of materialRows) {
    if (seen.has(row.key))
      throw new Error(
        `two catalogue entries share the key "${row.key}": give one a different title`,
      );
    seen.add(row.key);
  }
  return { subjects: subjectRows, materials: materialRows };
}

function pastPaperRows(
  slug: string,
  name: string,
  years: readonly {
    year: number;
    papers: readonly { label: string; external?: { url: string; byteSize: number } }[];
  }[],
  add: (row: MaterialRow, sample: SampleFile) => void,
) {
  let position = 0;
  for (const { year, papers } of [...years].sort((a, b) => b.year - a.year)) {
    for (const paper of papers) {
      add(
        {
          key: `${slug.toLowerCase()}-${year}-${slugify(paper.label)}`,
          kind: "past_paper",
          page: slug,
          subjectSlug: slug,
          title: paper.label,
          year,
          label: paper.label,
          isFree: true,
          position: position++,
          ...external(paper.external),
        },
        samplePdf(`${name} ${year} ${paper.label}`, "past paper"),
      );
    }
  }
}

/** An entry's file elsewhere, when its content gives one; otherwise the site stores a sample. */
function external(file?: { url: string; byteSize: number }) {
  return { externalUrl: file?.url ?? null, externalByteSize: file?.byteSize ?? null };
}

function samplePdf(title: string, what: string): SampleFile {
  return {
    kind: "pdf",
    fileName: `${title}.pdf`,
    lines: [
      `This is a sample ${what} from StudyZed, so that every download works.`,
      "The real file will be put here by the site's team.",
    ],
  };
}

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const MEDIA_TYPES: Record<string, string> = {
  ".webm": "video/webm",
  ".mp4": "video/mp4",
  ".ogg": "audio/ogg",
  ".opus": "audio/ogg",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
};

function extensionOf(file: string): string {
  return file.slice(file.lastIndexOf("."));
}

function contentTypeOf(file: string): string {
  return MEDIA_TYPES[extensionOf(file)] ?? "application/octet-stream";
}
