import { describe, expect, it } from "vitest";
import { siteBehindOneProxy } from "#tests/setup/site-behind-proxy";
import { DATABASE_KINDS } from "#tests/setup/test-database";

/**
 * A school lab, or a mobile network, puts a whole class behind one address. Before, the
 * 11th student registering in a minute got 429, and a class mistyping passwords locked
 * itself out for three minutes.
 */
const CLASS_SIZE = 60;
const SCHOOL_ADDRESS = "41.63.9.1";
const PASSWORD = "Lower-Zambezi-Canoe-11";

describe.each(DATABASE_KINDS)(
  "a class of 60 behind one address, on %s",
  { timeout: 300_000 },
  (kind) => {
    // One minute, standing still: the whole class acts within it.
    const site = siteBehindOneProxy(kind, Date.UTC(2033, 0, 20, 8, 0, 0));

    const post = (path: string, body: object) =>
      fetch(`${site.server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": SCHOOL_ADDRESS },
        body: JSON.stringify(body),
      });

    /** Runs each student's steps, four students at a time, as a lab's phones would. */
    async function eachStudent(steps: (student: string) => Promise<number[]>) {
      const statuses: number[][] = [];
      for (let first = 0; first < CLASS_SIZE; first += 4) {
        const group = Array.from({ length: 4 }, (_, offset) => `pupil${first + offset}`);
        statuses.push(...(await Promise.all(group.map(steps))));
      }
      return statuses;
    }

    it("registers within a minute, and each student mistypes twice and still logs in", async () => {
      const registered = await eachStudent(async (student) => [
        (
          await post("/register/", {
            first_name: "Pupil",
            last_name: "Grade Ten",
            username: student,
            email: "",
            password: PASSWORD,
          })
        ).status,
      ]);
      expect(registered.flat()).toEqual(Array<number>(CLASS_SIZE).fill(201));

      const loggedIn = await eachStudent(async (student) => {
        const statuses = [];
        for (const password of ["lower-zambezi-canoe-11", "Lower-Zambezi-Canoe-1", PASSWORD])
          statuses.push((await post("/api/token/", { username: student, password })).status);
        return statuses;
      });
      expect(loggedIn).toEqual(Array.from({ length: CLASS_SIZE }, () => [401, 401, 200]));
    });
  },
);
