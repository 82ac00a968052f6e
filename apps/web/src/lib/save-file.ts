/** Hands a downloaded file to the browser as a normal download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked on the next turn: the click has started the download by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
