/** Hands the bytes to the browser as a download named `fileName` (offline too: nothing leaves the device). */
export function saveFile(bytes: ArrayBuffer, fileName: string, type = 'application/pdf'): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it starts; the URL goes a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
