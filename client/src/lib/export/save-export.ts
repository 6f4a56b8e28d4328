import type { ExportedFile } from './export-files';

/** Hands the file to the browser as a download (offline too: nothing leaves the device). */
export function saveExport(file: ExportedFile): void {
  const url = URL.createObjectURL(new Blob(file.parts as BlobPart[], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it starts; the URL goes a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
