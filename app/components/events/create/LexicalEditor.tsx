/**
 * The About rich-text editor (headings, bold, italic, lists, links). Only AboutEditor imports it,
 * lazily, so its code loads on the creation pages that show it and nowhere else.
 */
import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html";
import { $isLinkNode, LinkNode, TOGGLE_LINK_COMMAND } from "@lexical/link";
import {
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListItemNode,
  ListNode,
} from "@lexical/list";
import { LexicalComposer } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { OnChangePlugin } from "@lexical/react/LexicalOnChangePlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { $createHeadingNode, HeadingNode, QuoteNode } from "@lexical/rich-text";
import { $setBlocksType } from "@lexical/selection";
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $isElementNode,
  $isDecoratorNode,
  $isRangeSelection,
  FORMAT_TEXT_COMMAND,
  type LexicalEditor as Editor,
  type LexicalNode,
} from "lexical";
import * as s from "./LexicalEditor.css";

const SAFE_URL = /^(https?:\/\/|mailto:)/i;

function loadHtml(editor: Editor, html: string) {
  const dom = new DOMParser().parseFromString(html || "<p></p>", "text/html");
  const nodes = $generateNodesFromDOM(editor, dom);
  const root = $getRoot();
  root.clear();
  let paragraph: ReturnType<typeof $createParagraphNode> | null = null;
  for (const node of nodes as LexicalNode[]) {
    // Inline nodes at the top level (plain text) go into a paragraph: the root holds blocks only.
    if ($isElementNode(node) && !node.isInline()) {
      paragraph = null;
      root.append(node);
    } else if ($isDecoratorNode(node) && !node.isInline()) {
      paragraph = null;
      root.append(node);
    } else {
      if (!paragraph) {
        paragraph = $createParagraphNode();
        root.append(paragraph);
      }
      paragraph.append(node);
    }
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

function Toolbar() {
  const [editor] = useLexicalComposerContext();
  const block = (make: () => LexicalNode) =>
    editor.update(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) $setBlocksType(selection, make as any);
    });
  const link = () => {
    let isLink = false;
    editor.getEditorState().read(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection))
        isLink = selection.getNodes().some((n) => $isLinkNode(n) || $isLinkNode(n.getParent()));
    });
    if (isLink) return editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
    const url = window.prompt("Link address (https://…)", "https://");
    if (url && SAFE_URL.test(url.trim())) editor.dispatchCommand(TOGGLE_LINK_COMMAND, url.trim());
  };
  const tools: { label: string; title: string; run: () => void; className?: string }[] = [
    { label: "H2", title: "Heading", run: () => block(() => $createHeadingNode("h2")) },
    { label: "H3", title: "Subheading", run: () => block(() => $createHeadingNode("h3")) },
    { label: "¶", title: "Paragraph", run: () => block(() => $createParagraphNode()) },
    {
      label: "B",
      title: "Bold",
      run: () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "bold"),
      className: s.bold,
    },
    {
      label: "I",
      title: "Italic",
      run: () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "italic"),
      className: s.italic,
    },
    {
      label: "U",
      title: "Underline",
      run: () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "underline"),
      className: s.underline,
    },
    {
      label: "• List",
      title: "Bulleted list",
      run: () => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined),
    },
    {
      label: "1. List",
      title: "Numbered list",
      run: () => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined),
    },
    { label: "Link", title: "Link", run: link },
  ];
  return (
    <div className={s.toolbar} role="toolbar" aria-label="Formatting">
      {tools.map((t) => (
        <button
          key={t.title}
          type="button"
          className={`${s.tool} ${t.className ?? ""}`}
          title={t.title}
          aria-label={t.title}
          onClick={t.run}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

export default function LexicalEditor({
  initialHtml,
  onChange,
  labelledBy,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  labelledBy: string;
}) {
  return (
    <LexicalComposer
      initialConfig={{
        namespace: "about-event",
        nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode],
        onError: (error) => console.error(error),
        editorState: (editor) => loadHtml(editor, initialHtml),
        theme: {},
      }}
    >
      <div className={s.shell}>
        <Toolbar />
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              className={s.editable}
              aria-labelledby={labelledBy}
              data-testid="about-editor"
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin validateUrl={(url) => SAFE_URL.test(url)} />
        <OnChangePlugin
          ignoreSelectionChange
          onChange={(state, editor) =>
            state.read(() => onChange($generateHtmlFromNodes(editor, null)))
          }
        />
      </div>
    </LexicalComposer>
  );
}
