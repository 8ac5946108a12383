import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import RichTextEditor from './rich-text-editor';

/** The Tiptap editor behind the text area (Tiptap hangs it on its element). */
function editorOf(testId: string) {
  const dom = screen.getByTestId(testId).querySelector('.ProseMirror') as (HTMLElement & { editor?: Editor }) | null;
  if (!dom?.editor) throw new Error('no editor');
  return dom.editor;
}

function renderEditor(value: string) {
  const sent: string[] = [];
  const ui = (v: string) => (
    <AntApp>
      <RichTextEditor value={v} onChange={(html) => sent.push(html)} testId="ed" />
    </AntApp>
  );
  const view = render(ui(value));
  return { sent, rerender: (v: string) => view.rerender(ui(v)) };
}

describe('the rich-text editor as a form control', () => {
  it('keeps what was typed after a text the form echoes back late, and the bold chosen since', async () => {
    const { sent, rerender } = renderEditor('<p>元旦</p>');
    const editor = editorOf('ed-content');
    act(() => {
      editor.chain().focus('end', { scrollIntoView: false }).insertContent('期间').run();
    });
    act(() => {
      editor.chain().toggleBold().insertContent('10:00').run();
    });
    expect(sent).toEqual(['<p>元旦期间</p>', '<p>元旦期间<strong>10:00</strong></p>']);
    // The form catches up with the first text only now, after the second was typed.
    rerender(sent[0]!);
    expect(editor.getHTML()).toBe('<p>元旦期间<strong>10:00</strong></p>');
    act(() => {
      editor.chain().insertContent('–18:00').run();
    });
    expect(editor.getHTML()).toBe('<p>元旦期间<strong>10:00–18:00</strong></p>');
    rerender(sent[1]!);
    rerender(sent[2]!);
    expect(editor.getHTML()).toBe('<p>元旦期间<strong>10:00–18:00</strong></p>');
  });

  it('takes a text set from outside (another article opened, the form reset), even one it once sent', async () => {
    const { sent, rerender } = renderEditor('<p>甲</p>');
    const editor = editorOf('ed-content');
    act(() => {
      editor.chain().focus('end', { scrollIntoView: false }).insertContent('乙').run();
    });
    rerender(sent[0]!);
    rerender('<p>另一篇</p>');
    await waitFor(() => expect(editor.getHTML()).toBe('<p>另一篇</p>'));
    // The operator's own earlier text, set again from outside, is a new value too.
    rerender(sent[0]!);
    await waitFor(() => expect(editor.getHTML()).toBe('<p>甲乙</p>'));
    rerender('');
    await waitFor(() => expect(editor.isEmpty).toBe(true));
    // Setting from outside is not an edit: the form is not told of its own value.
    expect(sent).toEqual(['<p>甲乙</p>']);
  });

  it('leaves the focus in the text when a tool is pressed, so what is typed next is not lost', () => {
    renderEditor('<p>甲</p>');
    for (const tool of ['bold', 'italic', 'underline', 'h3', 'bullet', 'quote']) {
      // false: the press's default (moving the focus to the button) was prevented
      expect(fireEvent.mouseDown(screen.getByTestId(`ed-${tool}`)), tool).toBe(false);
    }
  });
});
