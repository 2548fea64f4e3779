/**
 * Hands a `mailto:` link to the visitor's email app. Its own module so tests can replace it
 * (jsdom cannot navigate) and so the Contact form has no other way out of the page.
 */
export function openMailApp(href: string): void {
  window.location.assign(href);
}
