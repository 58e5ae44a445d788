import { describe, expect, inject, it } from "vitest";
import { browserSessionPerFile } from "#tests/setup/browser";
import { keptOffline, OFFLINE_ERRORS } from "#tests/setup/service-worker";

const baseUrl = inject("baseUrl");
const session = browserSessionPerFile();

type Manifest = {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

async function manifest(): Promise<Manifest> {
  return (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as Manifest;
}

/** A PNG's own width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe("the site installs as an app", () => {
  it("serves a web app manifest that names the site, its colours and how it opens", async () => {
    const response = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const app = (await response.json()) as Manifest;
    expect(app.name).toBe("StudyZed");
    expect(app.short_name).toBe("StudyZed");
    expect(app.description.length).toBeGreaterThan(20);
    expect(app.display).toBe("standalone");
    expect(app.scope).toBe("/");
    expect(app.start_url.startsWith(app.scope)).toBe(true);
    expect(app.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const home = await (await fetch(`${baseUrl}/`)).text();
    expect(home).toContain(`<meta name="theme-color" content="${app.theme_color}"/>`);
  });

  it("offers 192 and 512 pixel PNG icons, one of them maskable, each as large as it says", async () => {
    const { icons } = await manifest();
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(icons.some((icon) => icon.purpose === "maskable")).toBe(true);
    for (const icon of icons) {
      const response = await fetch(`${baseUrl}${icon.src}`);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get("content-type"), icon.src).toBe("image/png");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(pngSize(bytes), icon.src).toBe(icon.sizes);
    }
  });

  it.each([
    "/",
    "/tutorials/patho",
    "/introduction_to_mathematics",
    "/login",
    "/saved",
    "/offline",
    "/app",
    "/nothing/here",
  ])("links the manifest from the head of %s", async (path) => {
    const html = await (await fetch(`${baseUrl}${path}`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain(`<link rel="manifest" href="/manifest.webmanifest"/>`);
  });

  it("opens the start page with no connection, even when the student came in elsewhere", async () => {
    const page = await session.newPage({}, OFFLINE_ERRORS);
    const { start_url } = await manifest();
    await page.goto("/about");
    await keptOffline(page, new URL(start_url, baseUrl).pathname);
    await page.context().setOffline(true);
    await page.goto(start_url);
    expect(await page.title()).toBe("Home | StudyZed");
  });
});

describe("/app explains adding the site to the Home screen", () => {
  it("says how without JavaScript, and keeps the install button out of sight", async () => {
    const page = await session.newPage({ javaScriptEnabled: false });
    await page.goto("/app");
    const install = page.getByRole("region", { name: "Or add StudyZed to your Home screen" });
    expect(await install.textContent()).toContain(
      'In Chrome, tap the menu (⋮) at the top right, then "Add to Home screen" or "Install app".',
    );
    expect(await page.getByRole("button", { name: "Add to Home screen" }).count()).toBe(0);
  });

  it("shows the button when the browser offers to install, and hands the tap to the browser", async () => {
    const page = await session.newPage();
    await page.goto("/app");
    const button = page.getByRole("button", { name: "Add to Home screen" });
    expect(await button.isVisible()).toBe(false);
    await page.evaluate(() => {
      const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: () => {
          document.body.dataset.installAsked = "yes";
          return Promise.resolve();
        },
      });
      window.dispatchEvent(offer);
    });
    await button.click();
    expect(await page.locator("body").getAttribute("data-install-asked")).toBe("yes");
    expect(await button.isVisible()).toBe(false);
  });
});
