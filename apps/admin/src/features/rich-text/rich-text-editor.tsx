import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { App as AntApp, Button, Divider, Input, Popover, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { IMAGE_ACCEPT, type OperatorUploadPurpose } from '../uploads/upload-image';
import { useImageUpload } from '../uploads/use-image-upload';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  testId?: string;
  /** The test id of the editable text itself (the editor's own is `${testId}-content`). */
  textTestId?: string;
  /** Where inserted pictures are stored. */
  purpose?: OperatorUploadPurpose;
  /** The alt text of an inserted picture (the product's title), read when it is inserted. */
  imageAlt?: () => string;
  /** The text area's least height in px. */
  minHeight?: number;
}

const EMPTY = '<p></p>';

/**
 * Tiptap with the tags the server's sanitiser keeps (paragraphs, line breaks, h3 and h4,
 * bold, italic, underline, lists, quotes, https links, pictures with their size); pictures
 * go through the upload store. The text is read as given and handed back only once the
 * operator edits it, so stored HTML is saved as it was until then; the server sanitises again.
 */
export default function RichTextEditor({
  value,
  onChange,
  testId = 'rich-text-editor',
  textTestId,
  purpose = 'content',
  imageAlt,
  minHeight,
}: RichTextEditorProps) {
  const { message } = AntApp.useApp();
  const fileRef = useRef<HTMLInputElement>(null);
  const { uploading, upload } = useImageUpload(purpose);
  const [link, setLink] = useState('');
  const [linkOpen, setLinkOpen] = useState(false);
  // The texts this editor has handed to the form, oldest first. The form echoes each back as
  // `value`, later than the keystrokes after it on a busy phone or console: an echo must not
  // replace the text (it would drop what was typed since and the bold just chosen).
  const echoes = useRef<string[]>([]);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: { openOnClick: false, autolink: true, protocols: ['https'], defaultProtocol: 'https' },
      }),
      Image.configure({ inline: false }),
    ],
    content: value || EMPTY,
    immediatelyRender: true,
    editorProps: textTestId ? { attributes: { 'data-testid': textTestId } } : {},
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      echoes.current.push(html);
      if (echoes.current.length > 64) echoes.current.shift();
      onChange?.(html);
    },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });

  // A value set from outside (another article opened) replaces the text; our own echo does not.
  useEffect(() => {
    // React may run this for an editor useEditor has already destroyed (effects reconnected).
    if (editor.isDestroyed) return;
    const next = value ?? '';
    const echo = echoes.current.indexOf(next);
    if (echo >= 0) {
      // Our own text coming back: the ones before it have been passed by.
      echoes.current.splice(0, echo + 1);
      return;
    }
    echoes.current = [];
    const current = editor.isEmpty ? '' : editor.getHTML();
    // Not an edit: nothing to undo back to, and the form is not told of its own value.
    if (next !== current)
      editor
        .chain()
        .setMeta('addToHistory', false)
        .setContent(value || EMPTY, { emitUpdate: false })
        .run();
  }, [editor, value]);

  const insertImage = (src: string) =>
    editor
      .chain()
      .focus()
      .setImage({ src, alt: imageAlt?.() ?? '' })
      .run();

  const applyLink = () => {
    const href = link.trim();
    if (href === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (!/^https:\/\/[^\s]+$/.test(href)) {
      void message.error('链接须为 https:// 开头的网址');
      return;
    } else editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLinkOpen(false);
  };

  const tool = (key: string, title: string, icon: ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip title={title} key={key}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        icon={icon}
        // The text keeps the focus: a button that took it would hand it back only at the
        // next frame (Tiptap's focus), and what was typed meanwhile went nowhere.
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
        disabled={disabled}
        aria-label={title}
        aria-pressed={active}
        data-testid={`${testId}-${key}`}
      />
    </Tooltip>
  );

  return (
    <div
      className="rte"
      style={minHeight ? ({ '--rte-min-height': `${minHeight}px` } as CSSProperties) : undefined}
      data-testid={testId}
    >
      <Space className="rte-toolbar" size={2} wrap>
        {tool('h3', '小标题', <span className="rte-h">H3</span>, state.h3, () =>
          editor.chain().focus().toggleHeading({ level: 3 }).run(),
        )}
        {tool('h4', '次级标题', <span className="rte-h">H4</span>, state.h4, () =>
          editor.chain().focus().toggleHeading({ level: 4 }).run(),
        )}
        {tool('bold', '加粗', <BoldOutlined />, state.bold, () => editor.chain().focus().toggleBold().run())}
        {tool('italic', '斜体', <ItalicOutlined />, state.italic, () => editor.chain().focus().toggleItalic().run())}
        {tool('underline', '下划线', <UnderlineOutlined />, state.underline, () =>
          editor.chain().focus().toggleUnderline().run(),
        )}
        <Divider orientation="vertical" />
        {tool('bullet', '无序列表', <UnorderedListOutlined />, state.bullet, () =>
          editor.chain().focus().toggleBulletList().run(),
        )}
        {tool('ordered', '有序列表', <OrderedListOutlined />, state.ordered, () =>
          editor.chain().focus().toggleOrderedList().run(),
        )}
        {tool('quote', '引用', <span className="rte-h">“</span>, state.quote, () =>
          editor.chain().focus().toggleBlockquote().run(),
        )}
        <Divider orientation="vertical" />
        <Popover
          open={linkOpen}
          onOpenChange={(open) => {
            setLinkOpen(open);
            if (open) setLink((editor.getAttributes('link').href as string | undefined) ?? '');
          }}
          trigger="click"
          content={
            <Space.Compact>
              <Input
                value={link}
                onChange={(e) => setLink(e.target.value)}
                onPressEnter={applyLink}
                placeholder="https://"
                style={{ width: 280 }}
                data-testid={`${testId}-link-input`}
              />
              <Button type="primary" onClick={applyLink} data-testid={`${testId}-link-apply`}>
                确定
              </Button>
            </Space.Compact>
          }
        >
          <Tooltip title="链接">
            <Button
              type={state.link ? 'primary' : 'text'}
              size="small"
              icon={<LinkOutlined />}
              aria-label="链接"
              data-testid={`${testId}-link`}
            />
          </Tooltip>
        </Popover>
        {tool('image', '插入图片', <PictureOutlined />, false, () => fileRef.current?.click(), uploading)}
        <Divider orientation="vertical" />
        {tool('undo', '撤销', <UndoOutlined />, false, () => editor.chain().focus().undo().run(), !state.undo)}
        {tool('redo', '重做', <RedoOutlined />, false, () => editor.chain().focus().redo().run(), !state.redo)}
      </Space>
      <input
        ref={fileRef}
        type="file"
        accept={IMAGE_ACCEPT}
        style={{ display: 'none' }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared so that choosing the same file again still fires a change.
          e.target.value = '';
          void upload(file, insertImage);
        }}
        data-testid={`${testId}-image-input`}
      />
      <EditorContent editor={editor} className="rte-content" data-testid={`${testId}-content`} />
    </div>
  );
}
