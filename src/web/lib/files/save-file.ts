// Handing a file already in the browser (a report, a download fetched with a header a link cannot
// send) to the browser's downloads.

/** Hands a file to the browser's downloads, under `name`. */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
