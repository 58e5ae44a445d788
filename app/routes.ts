import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The route table of spec §2, written out so that a URL leads straight to its module. */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("app", "routes/android-app.tsx"),
  route("images", "routes/images.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
