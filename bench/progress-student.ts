import { randomBytes } from "node:crypto";
import { questionCount, QUIZ_SLUGS } from "#app/features/quizzes/public.server";

/** How many attempts the benchmark's student has made: a very keen student's year. */
export const BENCH_ATTEMPTS = 1000;
const PER_REQUEST = 100;
const LETTERS = ["", "A", "B", "C"];

/**
 * A student with BENCH_ATTEMPTS attempts spread evenly over the ten quizzes, one a few hours
 * apart, made through the site's own calls (register, log in, POST /api/attempts/) so that it
 * works against the server's database whichever kind it is. Returns the session cookie.
 */
export async function seedProgressStudent(baseUrl: string): Promise<{ cookie: string }> {
  const username = `benchprogress${randomBytes(4).toString("hex")}`;
  const password = `Bench-${randomBytes(6).toString("hex")}-Luangwa`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const registered = await post("/register/", {
    first_name: "Bench",
    last_name: "Student",
    username,
    email: "",
    password,
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const login = await post("/api/token/", { username, password });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const { access } = (await login.json()) as { access: string };
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;

  const now = Date.now();
  const attempts = Array.from({ length: BENCH_ATTEMPTS }, (_, index) => {
    const quiz = QUIZ_SLUGS[index % QUIZ_SLUGS.length]!;
    return {
      id: `bench-${username}-${index}`,
      quiz,
      answers: Array.from(
        { length: questionCount(quiz) },
        () => LETTERS[Math.floor(Math.random() * LETTERS.length)]!,
      ),
      answeredAt: new Date(now - (index + 1) * 3 * 3600_000).toISOString(),
    };
  });
  for (let start = 0; start < attempts.length; start += PER_REQUEST) {
    const saved = await post("/api/attempts/", attempts.slice(start, start + PER_REQUEST), {
      authorization: `Bearer ${access}`,
    });
    if (saved.status !== 200) throw new Error(`attempts: ${saved.status} ${await saved.text()}`);
  }
  return { cookie };
}
