/** The URL of a file in the upload store (`/files/<purpose>/<yyyymm>/<key>`), as pictures must be. */
export const FILE_URL = /^\/files\/[a-z]+\/\d{6}\/[A-Za-z0-9_-]{22}$/;
