/**
 * Saves `content` as a file named `fileName` through the browser's download, made on the device
 * from a Blob (SPEC 7: export of data is local; nothing is sent anywhere).
 *
 * @returns false when this browser cannot make object URLs (e.g. a test DOM), true otherwise.
 */
export function downloadFile(fileName: string, content: string, type: string): boolean {
  if (typeof URL.createObjectURL !== 'function') return false;
  const url = URL.createObjectURL(new Blob([content], { type }));
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
