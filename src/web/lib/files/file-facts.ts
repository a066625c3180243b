import { checkDocumentFile, DOCUMENT_SNIFF_BYTES, type DocumentRefusal } from '../../../contracts/documents';

// The browser's run of the server's check (contracts/documents.ts), for every form that uploads
// files: the same rules on the file's first bytes, so a wrong file is refused before it is sent,
// with the same words.

function readHead(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, DOCUMENT_SNIFF_BYTES));
  });
}

/** Undefined when the file may be sent, else why not. */
export async function precheckFile(file: File): Promise<DocumentRefusal | undefined> {
  const head = await readHead(file);
  const checked = checkDocumentFile({ name: file.name, declaredType: file.type, size: file.size, head });
  return checked.ok ? undefined : checked.reason;
}
