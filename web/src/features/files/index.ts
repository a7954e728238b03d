// Uploaded files: the upload call, its in-flight state, and the lists that show attachments.
export { AttachmentList, PendingUploads } from './Attachments';
export { uploadFile } from './api';
export { busy, failed, finished, removed, started, tooLarge, MAX_FILE_BYTES, type UploadState } from './uploads';
export { useUploads } from './useUploads';
