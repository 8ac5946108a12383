import { useEffect, useRef, useState } from 'react';
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
import { IMAGE_ACCEPT, imageFileProblem, uploadImage } from '../uploads/upload-image';
import { errorText } from '../../lib/error-text';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  testId?: string;
}

const EMPTY = '<p></p>';

/**
 * Tiptap with the tags the server keeps (paragraphs, h3, bold, italic, underline, lists,
 * quotes, links, pictures); pictures go through the upload store. The server sanitises again.
 */
export default function RichTextEditor({ value, onChange, testId = 'rich-text-editor' }: RichTextEditorProps) {
  const { message } = AntApp.useApp();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [link, setLink] = useState('');
  const [linkOpen, setLinkOpen] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3] },
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
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h3: e.isActive('heading', { level: 3 }),
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
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value || EMPTY, { emitUpdate: false });
  }, [editor, value]);

  const insertImage = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      void message.error(problem);
      return;
    }
    setUploading(true);
    try {
      const src = await uploadImage(file, 'content');
      editor.chain().focus().setImage({ src, alt: '' }).run();
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const applyLink = () => {
    const href = link.trim();
    if (href === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (!/^https:\/\/[^\s]+$/.test(href)) {
      void message.error('链接须为 https:// 开头的网址');
      return;
    } else editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLinkOpen(false);
  };

  const tool = (
    key: string,
    title: string,
    icon: React.ReactNode,
    active: boolean,
    run: () => void,
    disabled = false,
  ) => (
    <Tooltip title={title} key={key}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        icon={icon}
        onClick={run}
        disabled={disabled}
        aria-label={title}
        aria-pressed={active}
        data-testid={`${testId}-${key}`}
      />
    </Tooltip>
  );

  return (
    <div className="rte" data-testid={testId}>
      <Space className="rte-toolbar" size={2} wrap>
        {tool('h3', '小标题', <span className="rte-h">H</span>, state.h3, () =>
          editor.chain().focus().toggleHeading({ level: 3 }).run(),
        )}
        {tool('bold', '加粗', <BoldOutlined />, state.bold, () => editor.chain().focus().toggleBold().run())}
        {tool('italic', '斜体', <ItalicOutlined />, state.italic, () => editor.chain().focus().toggleItalic().run())}
        {tool('underline', '下划线', <UnderlineOutlined />, state.underline, () =>
          editor.chain().focus().toggleUnderline().run(),
        )}
        <Divider type="vertical" />
        {tool('bullet', '无序列表', <UnorderedListOutlined />, state.bullet, () =>
          editor.chain().focus().toggleBulletList().run(),
        )}
        {tool('ordered', '有序列表', <OrderedListOutlined />, state.ordered, () =>
          editor.chain().focus().toggleOrderedList().run(),
        )}
        {tool('quote', '引用', <span className="rte-h">“</span>, state.quote, () =>
          editor.chain().focus().toggleBlockquote().run(),
        )}
        <Divider type="vertical" />
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
        <Divider type="vertical" />
        {tool('undo', '撤销', <UndoOutlined />, false, () => editor.chain().focus().undo().run(), !state.undo)}
        {tool('redo', '重做', <RedoOutlined />, false, () => editor.chain().focus().redo().run(), !state.redo)}
      </Space>
      <input
        ref={fileRef}
        type="file"
        accept={IMAGE_ACCEPT}
        style={{ display: 'none' }}
        onChange={(e) => void insertImage(e.target.files?.[0])}
        data-testid={`${testId}-image-input`}
      />
      <EditorContent editor={editor} className="rte-content" data-testid={`${testId}-content`} />
    </div>
  );
}
