import { type ChangeEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { App as AntApp, Button, Flex, Image, Space, Tooltip, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  LoadingOutlined,
  PictureOutlined,
  PlusOutlined,
  StarOutlined,
} from '@ant-design/icons';
import {
  IMAGE_ACCEPT,
  IMAGE_SIZE_TEXT,
  type OperatorUploadPurpose,
  imageFileProblem,
  uploadImage,
} from './upload-image';
import { useImageUpload } from './use-image-upload';
import { IMAGE_FALLBACK } from '../../components/image-fallback';
import { errorText } from '../../lib/error-text';

const HINT = `支持 JPG、PNG、WebP，单张不超过 ${IMAGE_SIZE_TEXT}`;

const tile = (width: number, height: number) =>
  ({
    width,
    height,
    border: '1px dashed #d9d9d9',
    borderRadius: 6,
    background: '#fafafa',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexDirection: 'column',
    gap: 4,
    color: '#8c8c8c',
    cursor: 'pointer',
  }) as const;

/** The hidden file input both fields open; playwright's setInputFiles reaches it by its test id. */
function FileInput({
  inputRef,
  multiple,
  testId,
  onFiles,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  multiple?: boolean;
  testId: string;
  onFiles: (files: File[]) => void;
}) {
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    // Cleared so that choosing the same file again still fires a change.
    e.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <input
      ref={inputRef}
      type="file"
      accept={IMAGE_ACCEPT}
      multiple={multiple}
      onChange={change}
      style={{ display: 'none' }}
      data-testid={testId}
    />
  );
}

interface SingleProps {
  value?: string;
  onChange?: (url: string) => void;
  purpose: OperatorUploadPurpose;
  /** The file input's test id; the preview is `${base}-preview`, removal `${base}-remove`. */
  inputTestId: string;
  testIdBase: string;
  width?: number;
  height?: number;
  placeholder?: string;
  hint?: string;
}

/** One uploaded image (a cover, a banner): pick, preview, replace, remove. */
export function SingleImageField({
  value,
  onChange,
  purpose,
  inputTestId,
  testIdBase,
  width = 120,
  height = 120,
  placeholder = '上传图片',
  hint = HINT,
}: SingleProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { uploading, upload } = useImageUpload(purpose);

  return (
    <Flex gap={12} align="flex-end" wrap>
      <FileInput
        inputRef={inputRef}
        testId={inputTestId}
        onFiles={(files) => void upload(files[0], (url) => onChange?.(url))}
      />
      {value ? (
        <Image
          src={value}
          width={width}
          height={height}
          style={{ objectFit: 'cover', borderRadius: 6, border: '1px solid #f0f0f0' }}
          fallback={IMAGE_FALLBACK}
          data-testid={`${testIdBase}-preview`}
        />
      ) : (
        <div
          role="button"
          tabIndex={0}
          style={tile(width, height)}
          onClick={() => inputRef.current?.click()}
          onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ' ? inputRef.current?.click() : undefined)}
        >
          {uploading ? <LoadingOutlined /> : <PictureOutlined style={{ fontSize: 22 }} />}
          <span style={{ fontSize: 12 }}>{uploading ? '上传中…' : placeholder}</span>
        </div>
      )}
      <Space orientation="vertical" size={4}>
        {value ? (
          <Space size={8}>
            <Button size="small" loading={uploading} onClick={() => inputRef.current?.click()}>
              更换
            </Button>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={uploading}
              onClick={() => onChange?.('')}
              data-testid={`${testIdBase}-remove`}
            >
              移除
            </Button>
          </Space>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      </Space>
    </Flex>
  );
}

interface ListProps {
  value?: string[];
  onChange?: (urls: string[]) => void;
  purpose: OperatorUploadPurpose;
  max: number;
  /** The file input's test id. */
  inputTestId: string;
  /** Each image is `${base}-<index>`, its buttons `${base}-left-<index>` and so on. */
  testIdBase: string;
  /** Offered on each image when given: make this image the cover. */
  onMakeCover?: (url: string) => void;
  cover?: string;
}

/** Several uploaded images in order: add (several at once), move left or right, remove. */
export function ImageListField({
  value = [],
  onChange,
  purpose,
  max,
  inputTestId,
  testIdBase,
  onMakeCover,
  cover,
}: ListProps) {
  const { message } = AntApp.useApp();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ done: number; total: number } | null>(null);
  // Uploads finish after renders; the latest list is what they append to.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const upload = async (files: File[]) => {
    const room = max - latest.current.length;
    if (room <= 0) {
      void message.warning(`最多 ${max} 张图片`);
      return;
    }
    if (files.length > room) void message.warning(`最多 ${max} 张图片，只上传前 ${room} 张`);
    const chosen = files.slice(0, room);
    const problems = chosen.map((f) => imageFileProblem(f)).filter((p): p is string => p !== null);
    problems.forEach((p) => void message.error(p));
    const good = chosen.filter((f) => imageFileProblem(f) === null);
    if (good.length === 0) return;

    setUploading({ done: 0, total: good.length });
    const urls: string[] = [];
    for (const file of good) {
      try {
        urls.push(await uploadImage(file, purpose));
      } catch (error) {
        void message.error(errorText(error));
      }
      setUploading((u) => (u ? { ...u, done: u.done + 1 } : u));
    }
    setUploading(null);
    if (urls.length > 0) onChange?.([...latest.current, ...urls].slice(0, max));
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length) return;
    const next = [...value];
    const [item] = next.splice(from, 1);
    if (item === undefined) return;
    next.splice(to, 0, item);
    onChange?.(next);
  };
  const remove = (index: number) => onChange?.(value.filter((_, i) => i !== index));

  return (
    <div>
      <FileInput inputRef={inputRef} multiple testId={inputTestId} onFiles={(files) => void upload(files)} />
      <Flex gap={12} wrap>
        <Image.PreviewGroup>
          {value.map((url, index) => (
            <div key={`${url}-${index}`} data-testid={`${testIdBase}-${index}`} style={{ width: 112 }}>
              <div style={{ position: 'relative' }}>
                <Image
                  src={url}
                  width={112}
                  height={112}
                  style={{ objectFit: 'cover', borderRadius: 6, border: '1px solid #f0f0f0' }}
                  fallback={IMAGE_FALLBACK}
                />
                <span
                  style={{
                    position: 'absolute',
                    left: 4,
                    top: 4,
                    background: 'rgba(0,0,0,0.55)',
                    color: '#fff',
                    borderRadius: 3,
                    padding: '0 6px',
                    fontSize: 12,
                  }}
                >
                  {index + 1}
                </span>
              </div>
              <Flex justify="space-between" style={{ marginTop: 4 }}>
                <Tooltip title="前移">
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowLeftOutlined />}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={`第 ${index + 1} 张前移`}
                    data-testid={`${testIdBase}-left-${index}`}
                  />
                </Tooltip>
                {onMakeCover ? (
                  <Tooltip title={cover === url ? '当前封面' : '设为封面'}>
                    <Button
                      size="small"
                      type="text"
                      icon={<StarOutlined style={cover === url ? { color: '#d48806' } : undefined} />}
                      onClick={() => onMakeCover(url)}
                      aria-label={`第 ${index + 1} 张设为封面`}
                      data-testid={`${testIdBase}-cover-${index}`}
                    />
                  </Tooltip>
                ) : null}
                <Tooltip title="后移">
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowRightOutlined />}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={`第 ${index + 1} 张后移`}
                    data-testid={`${testIdBase}-right-${index}`}
                  />
                </Tooltip>
                <Tooltip title="移除">
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(index)}
                    aria-label={`移除第 ${index + 1} 张`}
                    data-testid={`${testIdBase}-remove-${index}`}
                  />
                </Tooltip>
              </Flex>
            </div>
          ))}
        </Image.PreviewGroup>
        {value.length < max ? (
          <div
            role="button"
            tabIndex={0}
            style={tile(112, 112)}
            onClick={() => (uploading ? undefined : inputRef.current?.click())}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ' ? inputRef.current?.click() : undefined)}
            data-testid={`${testIdBase}-add`}
          >
            {uploading ? <LoadingOutlined /> : <PlusOutlined style={{ fontSize: 20 }} />}
            <span style={{ fontSize: 12 }}>
              {uploading ? `上传中 ${uploading.done}/${uploading.total}` : `添加图片 ${value.length}/${max}`}
            </span>
          </div>
        ) : null}
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6, fontSize: 12 }}>
        {HINT}；最多 {max} 张，可多选，用箭头调整顺序
      </Typography.Text>
    </div>
  );
}
