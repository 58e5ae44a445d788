// Found by students' words ("past papers" finds this page rather than every paper), and
// offered to browse when a search finds nothing.
export const SITE_SECTIONS = [
  {
    href: "/past-papers",
    title: "Past papers",
    place: "Every past-paper page, by level",
    summary: "Second-year medicine sessionals and tests, and first-year university course papers.",
    terms: "past papers exam sessional tests medical university",
  },
  {
    href: "/tutorials",
    title: "Tutorials",
    place: "Grades 10 to 12, first-year university, second-year medicine",
    summary: "Tutorial booklets by subject and grade, with practice tests and answers.",
    terms: "tutorial booklets notes topics grade",
  },
  {
    href: "/books",
    title: "Books",
    place: "Free revision books",
    summary: "Grade 12 revision books for biology, chemistry, physics and mathematics.",
    terms: "books revision grade 12",
  },
  {
    href: "/quizzes",
    title: "Brain Booster quizzes",
    place: "Every quiz, by level",
    summary: "Short self-marking quizzes for Grades 10 to 12 and second-year medicine.",
    terms: "quiz quizzes brain booster practice test",
  },
  {
    href: "/smartify",
    title: "Smartify",
    place: "Study articles",
    summary: "Articles on studying, revision and exams.",
    terms: "smartify articles study tips",
  },
  {
    href: "/videos",
    title: "Video lessons",
    place: "Videos",
    summary: "Video lessons to watch or download.",
    terms: "videos video lessons watch",
  },
  {
    href: "/podcasts",
    title: "Podcasts",
    place: "Podcasts",
    summary: "Short talks on study habits to listen to or download.",
    terms: "podcasts podcast audio listen",
  },
];
