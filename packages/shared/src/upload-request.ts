import type { OssOutput } from './uploads.schema.js';

/**
 * The request an upload ticket (`GET /oss`) asks for, from the phone or the console: a PUT of
 * the bytes (this server's store), or a presigned POST to the bucket, a form of the ticket's
 * fields and then the file (S3 reads no field after it).
 */
export function uploadRequest(ticket: OssOutput, file: Blob): RequestInit {
  if (ticket.method === 'POST') {
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    if (!Object.keys(ticket.fields).some((n) => n.toLowerCase() === 'content-type')) {
      form.append('Content-Type', file.type);
    }
    form.append('file', file);
    return { method: 'POST', headers: ticket.headers, body: form };
  }
  return { method: ticket.method, headers: { ...ticket.headers, 'Content-Type': file.type }, body: file };
}
