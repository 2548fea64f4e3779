/**
 * Full-page navigation, behind one object so tests can observe it (jsdom cannot navigate, and
 * `window.location` cannot be spied on).
 */
export const browser = {
  /** Loads `url` as a new document (a full redirect, SPEC 8). */
  assign(url: string): void {
    window.location.assign(url);
  },
};
