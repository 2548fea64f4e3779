/**
 * Saves `content` (text, or a Blob such as a PDF) as a file named `fileName` through the
 * browser's download, made on the device (SPEC 7: export of data is local; nothing is sent
 * anywhere).
 *
 * @returns false when this browser cannot make object URLs (e.g. a test DOM), true otherwise.
 */
export function downloadFile(fileName: string, content: string | Blob, type: string): boolean {
  if (typeof URL.createObjectURL !== 'function') return false;
  const url = URL.createObjectURL(
    content instanceof Blob ? content : new Blob([content], { type }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return true;
}

/**
 * Saves `data` as a pretty-printed JSON file named `fileName` (a credential's signed document,
 * the holder's export).
 * @returns false when this browser cannot make the download (see downloadFile).
 */
export function downloadJson(fileName: string, data: unknown): boolean {
  return downloadFile(fileName, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
}
