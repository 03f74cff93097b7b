/**
 * Copies text to the clipboard. `navigator.clipboard` exists only on secure origins, and plants
 * often reach the platform over plain http on a LAN address, so a hidden textarea is the fallback.
 */
export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // permission refused: try the fallback
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // the deprecated command is the only way to copy on an insecure origin
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}
