/** The frame of every console page: the navigation, who is signed in, the sign-out form, and the page's content. */
import { html, type Html } from "./html.js";
import type { Session } from "./session/session-store.js";

export const PAGES = [
  ["/", "Overview"],
  ["/keys", "Keys"],
  ["/peers", "Peers"],
  ["/usage", "Usage"],
  ["/governor", "Governor"],
  ["/data", "Data"],
  ["/withdrawals", "Withdrawals"],
  ["/service", "Service"],
  ["/audit", "Audit"],
] as const;

export type PagePath = (typeof PAGES)[number][0];

function document(title: string, body: Html): Html {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Institute console</title>
        <link rel="stylesheet" href="/assets/console.css" />
        <script src="/assets/console.js" defer></script>
      </head>
      <body>
        ${body}
      </body>
    </html> `;
}

/** A hidden field with the session's CSRF token: every state-changing form carries one. */
export const csrfField = (session: Session) => html`<input type="hidden" name="csrf" value="${session.csrf}" />`;

export function page(session: Session, current: PagePath, title: string, content: Html): Html {
  const nav = PAGES.map(
    ([path, label]) => html`<a href="${path}" ${current === path ? html` aria-current="page"` : ""}>${label}</a>`,
  );
  return document(
    title,
    html`<header>
        <span class="brand">Institute console</span>
        <nav>${nav}</nav>
        <span class="who">session ${session.handle} (${session.method})</span>
        <form method="post" action="/sign-out">
          ${csrfField(session)}<button class="secondary" type="submit">Sign out</button>
        </form>
      </header>
      <main>
        <h1>${title}</h1>
        ${content}
      </main>`,
  );
}

/** A page outside a session (sign-in, refusals). */
export const bare = (title: string, content: Html) =>
  document(
    title,
    html`<main class="signin">
      <h1>${title}</h1>
      ${content}
    </main>`,
  );
