import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { documentsApi, type DocumentCategory, type DocumentItem } from '../../../../contracts/documents';
import { ApiError, fetchCsrfToken } from '../../../lib/api-client';
import { callRoute, routeMatcher, routeQuery, routeUrl, type QueryMatcher } from '../../../lib/api-routes';
import { i18next } from '../../../lib/i18n';

// The document routes as the records view uses them. Lists go through the shared api client; an
// upload goes through XMLHttpRequest, the one browser API that reports upload progress, with the
// same CSRF header the api client sends before every unsafe method.

/** Every cached page of one patient's documents: what an upload or a delete makes stale. */
export function documentsOf(patientId: string): QueryMatcher {
  return routeMatcher(documentsApi.list, { id: patientId });
}

export function documentsQuery(patientId: string, category: DocumentCategory | undefined, page: number) {
  const { queryKey, queryFn } = routeQuery(documentsApi.list, { params: { id: patientId }, query: { page, category } });
  return queryOptions({ queryKey, queryFn, placeholderData: keepPreviousData });
}

/** Where the browser downloads a document: the server answers it as an attachment. */
export function documentContentUrl(documentId: string): string {
  return routeUrl(documentsApi.content, { params: { id: documentId } });
}

export function deleteDocument(documentId: string): Promise<void> {
  return callRoute(documentsApi.remove, { params: { id: documentId } });
}

export interface UploadOptions {
  /** Bytes sent so far and in all. */
  onProgress?(loaded: number, total: number): void;
  signal?: AbortSignal;
}

/** The upload was cancelled by the person: not an error to show. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { code?: string; message?: string; fields?: Record<string, string> } };
    if (body.error) {
      return new ApiError(body.error.message ?? i18next.t('errors:api.generic'), xhr.status, body.error.code, body.error.fields);
    }
  } catch {
    // Not JSON (a proxy's error page): the generic text below.
  }
  return new ApiError(i18next.t('errors:api.generic'), xhr.status);
}

function send(url: string, form: FormData, token: string, options: UploadOptions): Promise<DocumentItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-csrf-token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((JSON.parse(xhr.responseText) as { data: DocumentItem }).data);
        } catch {
          reject(new ApiError(i18next.t('errors:api.generic'), xhr.status));
        }
      } else reject(errorOf(xhr));
    };
    xhr.onerror = () => reject(new ApiError(i18next.t('errors:api.network'), 0, 'NETWORK'));
    xhr.onabort = () => reject(new UploadCancelled());
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new UploadCancelled());
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** Sends one file; the category goes first so the server knows it before the bytes arrive. */
export async function uploadDocument(patientId: string, category: DocumentCategory, file: File, options: UploadOptions = {}) {
  const form = new FormData();
  form.append('category', category);
  form.append('file', file, file.name);
  return send(routeUrl(documentsApi.upload, { params: { id: patientId } }), form, await fetchCsrfToken(), options);
}
