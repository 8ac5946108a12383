/** What an image shows when its file cannot be loaded. */
export const IMAGE_FALLBACK =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="100%" height="100%" fill="#f5f5f5"/>' +
      '<text x="50%" y="50%" font-size="12" fill="#999" text-anchor="middle" dominant-baseline="middle">图片无法显示</text></svg>',
  );
