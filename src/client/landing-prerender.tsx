import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import { App } from "./app/app";

/**
 * The app's markup at "/" as a signed-out visitor's first render makes it (the landing page, its counters loading),
 * written into landing.html by the build (vite.config.ts). A phone on a slow link paints the page from the HTML and
 * its stylesheet, before React and the app's entry have downloaded; the entry then hydrates the markup in place
 * (main.tsx), so nothing is painted twice (issue 30, decision 061).
 */
export function renderLanding(): string {
  return renderToString(
    <Router ssrPath="/" ssrSearch="">
      <App />
    </Router>,
  );
}
