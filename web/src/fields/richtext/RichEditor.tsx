// Rich text for articles and text documents: @mantine/tiptap's editor
// (TipTap, on ProseMirror) with headings, emphasis, lists, quotes, links,
// images and attached files. Images and files are uploaded as Files
// (POST /api/v3/file) and put in the text by their download address; the
// text is HTML, shown back through the allow-list of
// features/knowledge/content.tsx.
import { Alert, Loader } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { IconPaperclip, IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../features/files';

const href = (id: string) => `/api/v3/file/${id}/download`;

export default function RichEditor({ value, onChange, testId }: { value: string; onChange(html: string): void; testId?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false }), Image],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    immediatelyRender: false,
  });
  const attach = (file: File | undefined, asImage: boolean) => {
    if (!file || !editor) return;
    setBusy(true);
    setError(null);
    uploadFile(file).then(
      (l) => {
        setBusy(false);
        const chain = editor.chain().focus();
        if (asImage) chain.setImage({ src: href(l.id), alt: file.name }).run();
        else chain.insertContent({ type: 'text', text: file.name, marks: [{ type: 'link', attrs: { href: href(l.id) } }] }).insertContent(' ').run();
      },
      (e: unknown) => {
        setBusy(false);
        setError(e instanceof Error ? e.message : String(e));
      },
    );
  };
  return (
    <>
      <RichTextEditor editor={editor} data-testid={testId}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.Control onClick={() => imageInput.current?.click()} aria-label={t('shell.richText.image')} title={t('shell.richText.image')}>
              <IconPhoto size={16} />
            </RichTextEditor.Control>
            <RichTextEditor.Control onClick={() => fileInput.current?.click()} aria-label={t('shell.richText.file')} title={t('shell.richText.file')}>
              <IconPaperclip size={16} />
            </RichTextEditor.Control>
            {busy && <Loader size="xs" />}
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      <input ref={imageInput} type="file" accept="image/*" hidden data-testid="rich-image-input"
        onChange={(e) => { attach(e.currentTarget.files?.[0], true); e.currentTarget.value = ''; }} />
      <input ref={fileInput} type="file" hidden data-testid="rich-file-input"
        onChange={(e) => { attach(e.currentTarget.files?.[0], false); e.currentTarget.value = ''; }} />
      {error && <Alert color="red">{error}</Alert>}
    </>
  );
}
