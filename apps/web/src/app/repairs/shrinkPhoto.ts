/**
 * Makes a photo smaller before it is uploaded (docs/requirements/operations.md §2.1 "pictures
 * reduced on upload"): a picture wider or taller than 1600 px, or above 1 MB, is drawn at most
 * 1600 px on its long side and sent as JPEG (quality 0.82). The server has no image library and
 * stores what it gets; it still checks the type from the bytes. PDFs and small pictures pass as
 * they are, and so does anything the browser cannot decode (the server then says why).
 */
const MAX_SIDE = 1600;
const MAX_BYTES = 1024 * 1024;

export async function shrinkPhoto(file: File): Promise<File> {
  if (!/^image\/(png|jpeg|webp)$/.test(file.type)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= MAX_BYTES) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82));
  if (!blob || blob.size >= file.size) return file;
  return new File([blob], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
}
