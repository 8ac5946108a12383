import { Image, Space, Typography } from 'antd';
import type { RealNameReviewRow } from '../../features/realname/api';

const IMAGE_FALLBACK =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="76"><rect width="100%" height="100%" fill="#f5f5f5"/>' +
      '<text x="50%" y="50%" font-size="11" fill="#999" text-anchor="middle" dominant-baseline="middle">图片已过期，请刷新</text></svg>',
  );

export function IdCardImages({ row, large = false }: { row: RealNameReviewRow; large?: boolean }) {
  return (
    <Image.PreviewGroup>
      <Space size={8}>
        {[
          { src: row.frontImage, alt: '人像面' },
          { src: row.backImage, alt: '国徽面' },
        ].map((img) =>
          img.src ? (
            <Image
              key={img.alt}
              src={img.src}
              alt={`${row.phone} 身份证${img.alt}`}
              width={large ? 220 : 96}
              height={large ? 138 : 60}
              style={{ objectFit: 'cover', borderRadius: 4 }}
              fallback={IMAGE_FALLBACK}
            />
          ) : (
            <Typography.Text key={img.alt} type="secondary">
              无{img.alt}
            </Typography.Text>
          ),
        )}
      </Space>
    </Image.PreviewGroup>
  );
}
