/** Text as HTML character data or an attribute value (either quote): every markup character as a reference. */
export function escapeHtml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
