import { fireEvent, screen } from '@testing-library/react';

/** The console's editor (Tiptap and its extensions), imported before a file's tests: its first import can outlast a test's waits. */
export const loadRichTextEditor = () => import('../features/rich-text/rich-text-editor');

/**
 * Pastes HTML into the editor whose editable text has this test id, as an operator pasting
 * from a document does (jsdom has no typing into contenteditable): at the start, or over
 * everything after selecting all (Ctrl+A).
 */
export async function pasteRichText(testId: string, html: string, { replace = false } = {}) {
  const editable = await screen.findByTestId(testId, {}, { timeout: 5000 });
  if (replace) fireEvent.keyDown(editable, { key: 'a', code: 'KeyA', ctrlKey: true });
  const event = new Event('paste', { bubbles: true, cancelable: true });
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  Object.defineProperty(event, 'clipboardData', {
    value: {
      types: ['text/html', 'text/plain'],
      getData: (type: string) => (type === 'text/html' ? html : type === 'text/plain' ? text : ''),
    },
  });
  fireEvent(editable, event);
  return editable;
}
