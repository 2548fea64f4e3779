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
