import path from "node:path";
import type { materials, subjects } from "#database/schema";
import type { CatalogueContent } from "./catalogue-files.server";

type SubjectRow = typeof subjects.$inferInsert;
type MaterialRow = Omit<
  typeof materials.$inferInsert,
  "id" | "fileId" | "downloadCount" | "origin" | "updatedAt"
>;

/** What a fresh install stores behind a material until its real file is uploaded. */
type SampleFile =
  | { kind: "pdf"; fileName: string; contentType: "application/pdf"; lines: string[] }
  | { kind: "media"; fileName: string; source: string; contentType: string };

type MaterialInput = MaterialRow & { sample: SampleFile };

export type CatalogueRows = { subjects: SubjectRow[]; materials: MaterialInput[] };

/** Every priced topic is 4 ZMW (docs/requirements.md#subject-pages). */
export const TOPIC_PRICE_NGWEE = 400;

const PRACTICE_TEST_PARTS = [
  ["practice_test", "Practice Test"],
  ["practice_test_answers", "Practice Test Answers"],
] as const;

/** Keys come from titles, so download addresses are readable and stable across installs. */
export function catalogueRows(content: CatalogueContent): CatalogueRows {
  const subjectRows: SubjectRow[] = [];
  const materialRows = new Map<string, MaterialInput>();
  const add = ({ key, ...row }: MaterialInput) => {
    if (materialRows.has(key))
      throw new Error(`two catalogue entries share the key "${key}": give one a different title`);
    materialRows.set(key, { isFree: true, key, ...row });
  };

  // One row per item, in the content's order, keyed by its title.
  const addEach = <Item extends { title: string }>(
    items: Item[],
    keyPrefix: string,
    rowOf: (item: Item) => Omit<MaterialInput, "key" | "title" | "position">,
  ) =>
    items.forEach((item, position) => {
      const key = `${keyPrefix}-${slugify(item.title)}`;
      add({ key, title: item.title, position, ...rowOf(item) });
    });

  addEach(content.home.products, "home", (product) => ({
    kind: "product",
    page: "home",
    image: product.image,
    imageAlt: product.alt,
    ...external(product.external),
    sample: samplePdf(product.title, "study product"),
  }));

  addEach(content.books.books, "book", (book) => ({
    kind: "book",
    page: "books",
    description: book.blurb,
    image: book.cover,
    imageAlt: `Cover of ${book.title}`,
    crossedOutPrice: book.crossedOutPrice,
    ...external(book.external),
    sample: samplePdf(book.title, "book"),
  }));

  add({
    key: "studyzed-android-app",
    kind: "app_file",
    page: "app",
    title: content.app.label,
    position: 0,
    sample: samplePdf("StudyZed Android app", "Android app file (APK)"),
  });

  const addSubject = (
    kind: SubjectRow["kind"],
    position: number,
    subject: Pick<SubjectRow, "slug" | "name" | "description" | "keywords">,
    more: Partial<SubjectRow> = {},
  ) => {
    const { slug, name, description, keywords } = subject;
    subjectRows.push({ slug, kind, name, description, keywords, quizzes: [], position, ...more });
  };

  content.subjects.forEach((subject, index) => {
    addSubject("school_subject", index, subject, { cover: subject.cover });
    let position = 0;
    for (const section of subject.sections) {
      for (const topic of section.topics) {
        const topicKey = `${subject.slug}-${slugify(topic.title)}`;
        const shared = {
          page: subject.slug,
          subjectSlug: subject.slug,
          topicKey,
          grade: section.grade,
          isFree: topic.free,
        };
        const name = `${subject.name} – ${topic.title} (Grade ${section.grade})`;
        add({
          ...shared,
          key: topicKey,
          kind: "topic_booklet",
          title: topic.title,
          image: subject.cover,
          imageAlt: `${subject.name} booklet cover`,
          priceNgwee: topic.free ? null : TOPIC_PRICE_NGWEE,
          brainBooster: topic.brainBooster ?? null,
          topics: topic.subtopics,
          position: position++,
          ...external(topic.external),
          sample: samplePdf(name, "tutorial booklet"),
        });
        if (!topic.practiceTest) continue;
        for (const [kind, title] of PRACTICE_TEST_PARTS)
          add({
            ...shared,
            key: `${topicKey}-${slugify(title)}`,
            kind,
            title,
            position: position++,
            sample: samplePdf(`${name}: ${title}`, title.toLowerCase()),
          });
      }
    }
  });

  content.pastPapers.subjects.forEach((subject, index) => {
    addSubject("medical_subject", index, subject, { quizzes: subject.quizzes });
    pastPaperRows(subject.slug, subject.name, subject.years, add);
    addEach(subject.topicalPdfs, subject.slug, (pdf) => ({
      kind: "topical_pdf",
      page: subject.slug,
      subjectSlug: subject.slug,
      ...external(pdf.external),
      sample: samplePdf(`${subject.name} – ${pdf.title}`, "topical revision notes"),
    }));
  });

  content.courses.courses.forEach((course, index) => {
    addSubject("course", index, { ...course, slug: course.code });
    pastPaperRows(course.code, `${course.code} ${course.name}`, course.years, add);
  });

  addEach(content.videos.videos, "video", (video) => ({
    kind: "video_lesson",
    page: "videos",
    description: video.description,
    topics: video.topics,
    image: video.poster,
    imageAlt: `${video.title}: opening slide`,
    youtubeId: video.source.kind === "youtube" ? video.source.id : null,
    sample:
      video.source.kind === "file"
        ? sampleMedia(`${video.title}.webm`, video.source.file)
        : samplePdf(video.title, "video lesson notes"),
  }));

  addEach(content.podcasts.podcasts, "podcast", (podcast) => ({
    kind: "podcast_episode",
    page: "podcasts",
    description: podcast.description,
    sample: sampleMedia(`${podcast.title}${path.extname(podcast.audioFile)}`, podcast.audioFile),
  }));

  return { subjects: subjectRows, materials: [...materialRows.values()] };
}

function pastPaperRows(
  slug: string,
  name: string,
  years: CatalogueContent["courses"]["courses"][number]["years"],
  add: (row: MaterialInput) => void,
) {
  let position = 0;
  for (const { year, papers } of [...years].sort((a, b) => b.year - a.year)) {
    for (const paper of papers)
      add({
        key: `${slug.toLowerCase()}-${year}-${slugify(paper.label)}`,
        kind: "past_paper",
        page: slug,
        subjectSlug: slug,
        title: paper.label,
        year,
        label: paper.label,
        position: position++,
        ...external(paper.external),
        sample: samplePdf(`${name} ${year} ${paper.label}`, "past paper"),
      });
  }
}

function external(file?: { url: string; byteSize: number }) {
  return { externalUrl: file?.url ?? null, externalByteSize: file?.byteSize ?? null };
}

function samplePdf(title: string, what: string): SampleFile {
  return {
    kind: "pdf",
    fileName: `${title}.pdf`,
    contentType: "application/pdf",
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

function sampleMedia(fileName: string, source: string): SampleFile {
  const contentType = MEDIA_TYPES[path.extname(source)] ?? "application/octet-stream";
  return { kind: "media", fileName, source, contentType };
}
